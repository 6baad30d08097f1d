// Types of scripts/domain-layers.mjs, for the tests that read the domain map.
export declare const DOMAIN_FLOORS: { floor: string; domains: string[] }[]
export declare function domainOf(serverDir: string, file: string): string | null
export declare function domainImportRefusal(from: string, to: string): string | null

// No file of the product imports itself back through a circle of imports. A circle makes the load order decide what
// a module sees (an import that is still undefined while its module is being evaluated), hides which side owns a
// piece, and keeps the layers from pointing one way. The graph is read with the TypeScript compiler the project
// already has (its own module resolution, so the #app/... imports of package.json resolve as they do in the build).
// Type-only imports (`import type`, `export type ... from`, or every named piece marked `type`) are left out: they
// vanish from the built code and cannot change what a module sees while loading. Dynamic import() is left out for
// the same reason (it runs after loading).
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const FOLDERS = ['app', 'server', 'contracts', 'db', 'jobs']

function productFiles(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '+types') walk(full)
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full)
      }
    }
  }
  for (const folder of FOLDERS) walk(path.join(root, folder))
  return files
}

/** The specifiers a file imports at load time (no type-only imports, no dynamic import()). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      if (clause?.isTypeOnly) continue
      const bindings = clause?.namedBindings
      const onlyTypes =
        clause &&
        !clause.name &&
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly)
      if (onlyTypes) continue
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue
      const clause = statement.exportClause
      if (clause && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly)) continue
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return specifiers
}

function importGraph(): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
  }
  const files = productFiles()
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets: string[] = []
    for (const specifier of runtimeImports(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName
      if (resolved && known.has(resolved)) targets.push(resolved)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The circles: each strongly connected set of more than one file, or a file that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component)
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found.map((component) => component.map((file) => path.relative(root, file)).sort())
}

describe('import graph', () => {
  it('reads the product files and their imports', () => {
    const graph = importGraph()
    // A resolver that found nothing would make the next test pass for the wrong reason.
    expect(graph.size).toBeGreaterThan(200)
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0)
    expect(edges).toBeGreaterThan(graph.size)
    expect(graph.get(path.join(root, 'server/auth/user.ts'))).toContain(path.join(root, 'server/auth/session.ts'))
  })

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ])
    expect(cycles(graph).map((component) => component.length)).toEqual([3])
  })

  it('has no circle of files in app/, server/, contracts/, db/ or jobs/', () => {
    expect(cycles(importGraph())).toEqual([])
  })
})

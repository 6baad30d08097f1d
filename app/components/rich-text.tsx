// A written question's rich text as the member reads it (Take test, Result, the Manage Test dialog's incorrect
// answers). It renders only HTML the server sanitised on write (server/rich-text.ts,
// docs/decisions/017-rich-text-sanitising-and-test-images.md): the allow-list keeps headings 1-3, paragraphs, lists,
// bold/italic/underline/strike, links, images and the editor's inline styles (alignment, indent, font, size, colours),
// nothing that runs. Tailwind's reset removes the browser's look of those elements, so it is put back here, scoped to
// the rich text.

const LOOK = [
  'min-w-0 break-words leading-relaxed text-zinc-100',
  '[&>*+*]:mt-2 [&_p:empty]:min-h-[1lh]',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_a]:text-brand-400 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-500',
  '[&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded',
].join(' ')

export function RichText({ html, id, className = '' }: { html: string; id?: string; className?: string }) {
  // NOTE: `html` must come from the server's sanitised store (question_text), never from what a person typed here.
  return <div id={id} className={`${LOOK} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}

// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { COLOR_PALETTE, RICH_TEXT } from '#contracts/assessments.ts'
import sanitizeRichText from '#server/rich-text-sanitizer.ts'
import { indentLevelOf, linkAddressOf, richTextExtensions } from './extensions.ts'

// The question editor's output must be exactly what the server keeps (docs/decisions/017 and 018): every feature of
// the toolbar is applied here with tiptap's own commands, and the HTML survives the server's sanitiser unchanged.

let editor: Editor | null = null
afterEach(() => {
  editor?.destroy()
  editor = null
})

function makeEditor(content = '<p>Hello world</p>') {
  editor = new Editor({ element: document.createElement('div'), extensions: richTextExtensions(), content })
  return editor
}

/** Selects the whole text of the first block. */
function selectFirstBlock(e: Editor) {
  e.commands.setTextSelection({ from: 1, to: e.state.doc.firstChild!.nodeSize - 1 })
}

/**
 * The HTML with attributes sorted and style declarations written one way (the sanitiser rebuilds `style` as
 * `property: value; ...` and sets `rel` last; ProseMirror writes styles through the CSSOM, so colours read `rgb()`).
 */
function canonical(html: string): string {
  const box = document.createElement('div')
  box.innerHTML = html
  for (const element of box.querySelectorAll('*')) {
    const attributes = [...element.attributes]
      .map((a) => [a.name, a.value] as const)
      .sort(([a], [b]) => a.localeCompare(b))
    for (const [name] of attributes) element.removeAttribute(name)
    for (const [name, value] of attributes) {
      const styles = value
        .split(';')
        .map((d) => d.trim().replace(/\s*:\s*/, ': '))
        .filter(Boolean)
      element.setAttribute(name, name === 'style' ? styles.join('; ') : value)
    }
  }
  return box.innerHTML
}

/** Nothing the editor wrote is dropped or changed by the server's sanitiser. */
function expectKept(html: string) {
  expect(canonical(sanitizeRichText(html))).toBe(canonical(html))
}

describe('question editor output and the server allow-list', () => {
  it('keeps every mark, style and block the toolbar writes', () => {
    const e = makeEditor('<p>Hello world</p><p>Second line</p><p>Third</p>')
    selectFirstBlock(e)
    e.chain()
      .toggleBold()
      .toggleItalic()
      .toggleUnderline()
      .toggleStrike()
      .setColor(COLOR_PALETTE[1])
      .setBackgroundColor(COLOR_PALETTE[9])
      .setFontFamily('serif')
      .setFontSize(RICH_TEXT.fontSizes.huge)
      .run()
    e.chain().setTextAlign('center').indent().indent().run()
    const html = e.getHTML()
    expect(html).toContain('<strong>')
    expect(html).toContain('<em>')
    expect(html).toContain('<u>')
    expect(html).toContain('<s>')
    expect(html).toContain('color: rgb(230, 0, 0)')
    expect(html).toContain('background-color: rgb(255, 235, 204)')
    expect(html).toContain('font-family: serif')
    expect(html).toContain('font-size: 2.5em')
    expect(html).toContain('text-align: center')
    expect(html).toContain('margin-left: 6em')
    expectKept(html)

    for (const level of RICH_TEXT.headingLevels) {
      e.chain().setTextSelection(1).setHeading({ level }).run()
      expect(e.getHTML()).toContain(`<h${level}`)
      expectKept(e.getHTML())
    }
    for (const alignment of ['right', 'justify'] as const) {
      e.chain().setTextAlign(alignment).run()
      expectKept(e.getHTML())
    }
    e.chain().setFontFamily('monospace').setFontSize(RICH_TEXT.fontSizes.small).run()
    expectKept(e.getHTML())
  })

  it('keeps lists, links, images and line breaks', () => {
    const e = makeEditor('<p>one</p><p>two</p>')
    e.chain().selectAll().toggleOrderedList().run()
    expectKept(e.getHTML())
    e.chain().selectAll().toggleBulletList().run()
    e.chain().setTextSelection(3).indent().run()
    expect(e.getHTML()).toContain('<ul>')
    expectKept(e.getHTML())

    const f = makeEditor('<p>see the manual</p>')
    f.chain().setTextSelection({ from: 5, to: 15 }).setLink({ href: 'https://example.com/manual' }).run()
    f.chain()
      .setTextSelection(15)
      .setHardBreak()
      .setImage({
        src: '/api/tests/images/abababababababababababababababababababababababababababababababab.png',
        alt: 'map.png',
      })
      .run()
    const html = f.getHTML()
    expect(html).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/manual">the manual</a>',
    )
    expect(html).toContain('<br>')
    expect(html).toContain(
      '<img src="/api/tests/images/abababababababababababababababababababababababababababababababab.png" alt="map.png">',
    )
    expectKept(html)
  })

  it('indents in steps of one, between 0 and the maximum', () => {
    const e = makeEditor()
    for (let i = 0; i < RICH_TEXT.indent.maxLevel + 2; i++) e.commands.indent()
    expect(e.getHTML()).toContain(`margin-left: ${RICH_TEXT.indent.maxLevel * RICH_TEXT.indent.stepEm}em`)
    expect(e.commands.indent()).toBe(false)
    for (let i = 0; i < RICH_TEXT.indent.maxLevel; i++) e.commands.outdent()
    expect(e.getHTML()).toBe('<p>Hello world</p>')
    expect(e.commands.outdent()).toBe(false)
    expect(indentLevelOf('6em')).toBe(2)
    expect(indentLevelOf('99em')).toBe(RICH_TEXT.indent.maxLevel)
    expect(indentLevelOf('10px')).toBe(0)
  })

  it('groups undo steps within 1000 ms and keeps at most 100', () => {
    const e = makeEditor('<p></p>')
    e.commands.insertContent('a')
    e.commands.insertContent('b')
    e.commands.undo()
    // Both inserts fell within one 1000 ms group: one undo removes both.
    expect(e.getText()).toBe('')
    const history = e.extensionManager.extensions.find((x) => x.name === 'undoRedo')
    expect(history?.options).toMatchObject({ depth: 100, newGroupDelay: 1000 })
  })

  it('leaves out what the server would drop: scripts, handlers, unsafe addresses, other blocks', () => {
    const e = makeEditor(
      '<p onclick="alert(1)">x<a href="javascript:alert(1)">bad</a><img src="data:image/png;base64,AA"><img src="javascript:alert(1)"></p><blockquote>q</blockquote><pre><code>c</code></pre><hr><script>alert(1)</script>',
    )
    const html = e.getHTML()
    expect(html).not.toMatch(/javascript:|data:|onclick|<script|<blockquote|<pre|<code|<hr/)
    expectKept(html)
    expect(e.chain().setTextSelection({ from: 1, to: 2 }).setLink({ href: 'javascript:alert(1)' }).run()).toBe(false)
    expect(e.chain().setTextSelection({ from: 1, to: 2 }).setLink({ href: 'ftp://example.com' }).run()).toBe(false)
    expect(e.chain().setTextSelection({ from: 1, to: 2 }).setLink({ href: 'tel:+15550100' }).run()).toBe(true)
  })

  it('turns what a person types in the link box into a link address, or blank', () => {
    expect(linkAddressOf('example.com/path')).toBe('https://example.com/path')
    expect(linkAddressOf('http://example.com')).toBe('http://example.com')
    expect(linkAddressOf('ops@example.com')).toBe('mailto:ops@example.com')
    expect(linkAddressOf('mailto:ops@example.com')).toBe('mailto:ops@example.com')
    expect(linkAddressOf('tel:+15550100')).toBe('tel:+15550100')
    expect(linkAddressOf('/library')).toBe('/library')
    expect(linkAddressOf('javascript:alert(1)')).toBeNull()
    expect(linkAddressOf(' java\tscript:alert(1)')).toBeNull()
    expect(linkAddressOf('data:text/html,x')).toBeNull()
    expect(linkAddressOf('   ')).toBeNull()
  })
})

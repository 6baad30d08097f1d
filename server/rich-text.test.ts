// The rich-text allow-list (docs/decisions/017): what the question editor produces survives; scripts, handlers,
// unsafe addresses, foreign namespaces and styles outside the list do not.
import { describe, expect, it } from 'vitest'
import { isSafeAddress, isSafeImageAddress, richTextDepth } from '#contracts/assessments.ts'
import sanitizeRichText from './rich-text-sanitizer.ts'

/** An uploaded image's address: its bytes' SHA-256 and its type's extension. */
const UPLOADED = `/api/tests/images/${'a1'.repeat(32)}.png`

describe('sanitizeRichText', () => {
  it('keeps the editor formatting: headings 1-3, marks, lists, links, images, alignment, fonts, sizes, colours, indent', () => {
    const html = [
      '<h1 style="text-align: justify">One</h1><h2>Two</h2><h3 style="margin-left: 3em">Three</h3>',
      '<p style="text-align: right; margin-left: 24em"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>line</p>',
      '<ul><li>a</li></ul><ol start="3"><li style="margin-left: 6em">b</li></ol>',
      '<p><span style="color: #0066cc; background-color: #ffff00">c</span><span style="font-family: serif; font-size: 0.75em">f</span></p>',
      `<p><a href="mailto:hq@example.com">m</a> <a href="tel:+15550100">t</a> <a href="/tests">here</a> <img src="${UPLOADED}" alt="diagram" width="320"></p>`,
    ].join('')
    expect(sanitizeRichText(html)).toBe(
      html
        .replace(
          '<a href="mailto:hq@example.com">',
          '<a href="mailto:hq@example.com" rel="noopener noreferrer nofollow">',
        )
        .replace('<a href="tel:+15550100">', '<a href="tel:+15550100" rel="noopener noreferrer nofollow">')
        .replace('<a href="/tests">', '<a href="/tests" rel="noopener noreferrer nofollow">'),
    )
  })

  it('drops what is not on the list', () => {
    expect(sanitizeRichText('<h4>four</h4><blockquote>q</blockquote><table><tr><td>t</td></tr></table>')).toBe('fourqt')
    expect(sanitizeRichText('<p class="x" id="y" data-evil="1" title="t">p</p>')).toBe('<p>p</p>')
    expect(sanitizeRichText('<p style="margin-left: 5em; text-align: middle; position: fixed; top: 0">p</p>')).toBe(
      '<p>p</p>',
    )
    expect(
      sanitizeRichText(
        '<span style="font-family: Comic Sans; font-size: 72px; color: red; color: expression(alert(1))">s</span>',
      ),
    ).toBe('<span>s</span>')
    expect(sanitizeRichText('<span style="color: #e60000 !important; color:\\65 xpression(1)">s</span>')).toBe(
      '<span>s</span>',
    )
    expect(sanitizeRichText('<p><a href="https://x" target="_self" rel="opener">x</a></p>')).toBe(
      '<p><a href="https://x" rel="noopener noreferrer nofollow">x</a></p>',
    )
  })

  it('removes scripts, handlers, unsafe addresses and foreign namespaces', () => {
    for (const vector of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)//>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<form><button formaction="javascript:alert(1)">x</button></form>',
      '<p style="background-image: url(javascript:alert(1))">x</p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<a href="vbscript:msgbox(1)">x</a><a href="blob:https://x/1">y</a><a href="file:///etc/passwd">z</a>',
    ]) {
      const clean = sanitizeRichText(vector)
      expect(clean, vector).not.toMatch(
        /<script|<svg|<math|<iframe|<form|<button|\son\w+=|javascript:|vbscript:|data:|blob:|file:|url\(/i,
      )
    }
  })
})

describe('isSafeAddress', () => {
  it('allows http, https, mailto, tel and paths; nothing else, however it is disguised', () => {
    for (const ok of [
      'https://a.b/c',
      'http://a',
      'mailto:x@y.z',
      'tel:+1',
      UPLOADED,
      'relative/path',
      '#anchor',
      '//cdn.example.com/x.png',
    ])
      expect(isSafeAddress(ok), ok).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:x',
      'java\nscript:x',
      '\u0001javascript:x',
      'data:image/png;base64,x',
      'vbscript:x',
      'blob:x',
      'file:///x',
      'ftp://x',
      'javascript&#58;x',
      'javascript%3Ax',
      '/\\evil.com',
    ])
      expect(isSafeAddress(bad), JSON.stringify(bad)).toBe(false)
  })
})

describe('isSafeImageAddress', () => {
  it('allows absolute http(s) addresses and images uploaded here; no other path of the app', () => {
    for (const ok of ['https://a.b/c.png', 'http://a/x', UPLOADED]) expect(isSafeImageAddress(ok), ok).toBe(true)
    for (const bad of [
      '/auth/logout',
      'auth/logout',
      '/api/tests/images/../../auth/logout',
      `${UPLOADED}?x=/auth/logout`,
      '/api/tests/images/..',
      '/api/tests/images/a.png',
      '//cdn.example.com/x.png',
      'https:/x',
      'data:image/png;base64,x',
      '/\\evil.com',
      ' https://a.b',
    ])
      expect(isSafeImageAddress(bad), JSON.stringify(bad)).toBe(false)
  })

  it('drops an image whose address is a path of the app, so opening a question cannot log anyone out', () => {
    expect(sanitizeRichText('<p>x<img src="/auth/logout"></p>')).toBe('<p>x</p>')
    expect(sanitizeRichText(`<p><img src="${UPLOADED}"></p>`)).toBe(`<p><img src="${UPLOADED}"></p>`)
  })
})

describe('richTextDepth', () => {
  it('counts nesting in one pass, void and self-closed elements open nothing, unclosed ones stay open', () => {
    expect(richTextDepth('<p>a<br>b<img src="x"></p>')).toBe(1)
    expect(richTextDepth('<ul><li><p><strong>x</strong></p></li></ul>')).toBe(4)
    expect(richTextDepth('<b><b><b>')).toBe(3)
    expect(richTextDepth('<span>'.repeat(3000))).toBe(3000)
    expect(richTextDepth('a < b and <3')).toBe(0)
  })

  it('lets an end tag close only an open element of its name, as the parser does: stray ends close nothing', () => {
    expect(richTextDepth('<em></x>'.repeat(2200))).toBe(2200)
    expect(richTextDepth('<u></x>'.repeat(2800))).toBe(2800)
    expect(richTextDepth('<ul><li><p>x</li></ul><p>y</p>')).toBe(3)
    expect(richTextDepth('<p><em><strong>x</em> y</p>')).toBe(3)
  })
})

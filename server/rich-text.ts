import DOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'isomorphic-dompurify'
import { RICH_TEXT, isSafeAddress } from '#contracts/assessments.ts'

// Rich text is sanitised on write with an allow-list of what the written-question editor (tiptap 3) produces, and pages
// render only what was stored (docs/rules/assessments.md; docs/decisions/017). DOMPurify on a jsdom window:
// isomorphic-dompurify below 3.20 runs on Node 20.

const BLOCKS = ['p', 'h1', 'h2', 'h3', 'li']
const ALLOWED_TAGS = [...BLOCKS, 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'a', 'img', 'span']

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'title', 'width', 'height', 'style', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Never let the input pick the namespace (no SVG or MathML islands).
  ALLOWED_NAMESPACES: ['http://www.w3.org/1999/xhtml'],
  KEEP_CONTENT: true,
}

const COLOR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i
const FONT_SIZES = new Set<string>(Object.values(RICH_TEXT.fontSizes))
const FONT_FAMILIES = new Set<string>(RICH_TEXT.fontFamilies)
const ALIGNMENTS = new Set<string>(RICH_TEXT.alignments)
const INDENTS = new Set(
  Array.from({ length: RICH_TEXT.indent.maxLevel }, (_, i) => `${(i + 1) * RICH_TEXT.indent.stepEm}em`),
)
const SIZE = /^\d{1,4}(px)?$/

/** The CSS declarations each element may carry, and the values each one accepts. */
function allowedDeclaration(tag: string, property: string, value: string): boolean {
  if (BLOCKS.includes(tag)) {
    if (property === 'text-align') return ALIGNMENTS.has(value)
    if (property === 'margin-left') return INDENTS.has(value)
    return false
  }
  if (tag === 'span') {
    if (property === 'color' || property === 'background-color') return COLOR.test(value)
    if (property === 'font-family') return FONT_FAMILIES.has(value.replace(/["']/g, ''))
    if (property === 'font-size') return FONT_SIZES.has(value)
  }
  return false
}

/** Keeps only the allowed declarations, normalised to `property: value;`. */
function filterStyle(tag: string, style: string): string {
  const kept: string[] = []
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 1) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase()
    // Escapes, comments and functions other than rgb() never reach an allowed value; the per-property tests reject them.
    if (allowedDeclaration(tag, property, value)) kept.push(`${property}: ${value}`)
  }
  return kept.join('; ')
}

function onAttribute(node: Element, data: UponSanitizeAttributeHookEvent) {
  const tag = node.nodeName.toLowerCase()
  const name = data.attrName
  const value = data.attrValue
  let keep = true
  if (name === 'style') {
    data.attrValue = filterStyle(tag, value)
    keep = data.attrValue !== ''
  } else if (name === 'href') keep = tag === 'a' && isSafeAddress(value)
  else if (name === 'src') keep = tag === 'img' && isSafeAddress(value)
  else if (name === 'target') keep = tag === 'a' && value === '_blank'
  else if (name === 'rel')
    keep = false // set below for every link
  else if (name === 'width' || name === 'height') keep = tag === 'img' && SIZE.test(value)
  else if (name === 'start') keep = tag === 'ol' && /^\d{1,6}$/.test(value)
  else if (name === 'alt' || name === 'title') keep = tag === 'img' || (name === 'title' && tag === 'a')
  if (!keep) data.keepAttr = false
}

function afterAttributes(node: Element) {
  const tag = node.nodeName.toLowerCase()
  // An image whose address was refused would show nothing but a broken-image icon: drop it.
  if (tag === 'img' && !node.hasAttribute('src')) node.remove()
  if (tag === 'a') {
    // Links open away from the app and never hand it a window.opener.
    if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer nofollow')
    else node.removeAttribute('target')
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer nofollow')
  }
}

let hooked = false
function hookOnce() {
  if (hooked) return
  // NOTE: the hooks live on isomorphic-dompurify's shared instance; this module is its only user.
  DOMPurify.addHook('uponSanitizeAttribute', onAttribute)
  DOMPurify.addHook('afterSanitizeAttributes', afterAttributes)
  hooked = true
}

/**
 * The stored form of rich text: only the allow-listed tags, attributes and styles; link and image addresses other
 * than http, https, mailto, tel (or a path on this site) are dropped ("become blank"), and an image left without an
 * address is dropped with it.
 */
export function sanitizeRichText(html: string): string {
  hookOnce()
  return DOMPurify.sanitize(html, CONFIG).trim()
}

import { Extension, type AnyExtension, type CommandProps } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import TextAlign from '@tiptap/extension-text-align'
import { BackgroundColor, Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style'
import StarterKit from '@tiptap/starter-kit'
import { RICH_TEXT, isSafeAddress, isSafeImageAddress } from '#contracts/assessments.ts'

// The written-question editor's features (docs/rules/assessments.md, rich-text questions), configured from the same
// constants the server's sanitiser uses (contracts RICH_TEXT; server/rich-text.ts), so what the editor writes is what
// the server keeps (extensions.test.ts proves it). docs/decisions/018-tiptap-question-editor.md.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** One indent step more (in a list: nest the item one level deeper). */
      indent: () => ReturnType
      /** One indent step less (in a list: lift the item one level). */
      outdent: () => ReturnType
    }
  }
}

/** Blocks that take an alignment and an indent. List items indent by nesting instead. */
const BLOCK_TYPES = ['paragraph', 'heading']
const { stepEm, maxLevel } = RICH_TEXT.indent

/** The indent level of a left margin written as `Nem` (0 for anything else). */
export function indentLevelOf(marginLeft: string): number {
  const em = /^(\d+(?:\.\d+)?)em$/.exec(marginLeft.trim())
  if (!em) return 0
  return Math.max(0, Math.min(maxLevel, Math.round(Number(em[1]) / stepEm)))
}

/** Indent steps of plus or minus 1, written as `margin-left: 3em` per level (at most RICH_TEXT.indent.maxLevel). */
const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: BLOCK_TYPES,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => indentLevelOf(element.style.marginLeft),
            renderHTML: (attributes) =>
              attributes.indent > 0 ? { style: `margin-left: ${attributes.indent * stepEm}em` } : {},
          },
        },
      },
    ]
  },

  addCommands() {
    const step =
      (delta: 1 | -1) =>
      ({ state, tr, dispatch }: Pick<CommandProps, 'state' | 'tr' | 'dispatch'>) => {
        const { from, to } = state.selection
        let changed = false
        state.doc.nodesBetween(from, to, (node, pos, parent) => {
          if (!BLOCK_TYPES.includes(node.type.name) || parent?.type.name === 'listItem') return true
          const level = Math.max(0, Math.min(maxLevel, (node.attrs.indent ?? 0) + delta))
          if (level !== node.attrs.indent) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: level })
            changed = true
          }
          return false
        })
        if (changed && dispatch) dispatch(tr)
        return changed
      }
    return {
      indent:
        () =>
        ({ editor, commands, ...props }) =>
          editor.isActive('listItem') ? commands.sinkListItem('listItem') : step(1)(props),
      outdent:
        () =>
        ({ editor, commands, ...props }) =>
          editor.isActive('listItem') ? commands.liftListItem('listItem') : step(-1)(props),
    }
  },
})

/** Images whose address is refused never enter the document (pasted HTML included). */
const SafeImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (isSafeImageAddress(element.getAttribute('src') ?? '') ? null : false),
      },
    ]
  },
})

/** Every extension of the question editor. */
export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      // Not among the editor's features, and not in the server's allow-list: off, so nothing is written that a save
      // drops.
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      // No empty paragraph forced at the end of every question (it would be stored as <p></p>).
      trailingNode: false,
      heading: { levels: [...RICH_TEXT.headingLevels] },
      undoRedo: { depth: RICH_TEXT.history.depth, newGroupDelay: RICH_TEXT.history.groupMs },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // http, https, mailto, tel (or a path on this site); any other address is refused, so the link stays blank.
        isAllowedUri: (url) => isSafeAddress(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
    TextStyle,
    Color,
    BackgroundColor,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: BLOCK_TYPES, alignments: [...RICH_TEXT.alignments] }),
    SafeImage.configure({ inline: true, allowBase64: false }),
    Indent,
  ]
}

/** The toolbar's choices, from the same constants. */
export const HEADING_CHOICES = [
  { value: '0', label: 'Normal' },
  ...RICH_TEXT.headingLevels.map((level) => ({ value: String(level), label: `Heading ${level}` })),
]
export const FONT_CHOICES = [
  { value: '', label: 'Sans Serif' },
  ...RICH_TEXT.fontFamilies.map((family) => ({ value: family, label: family === 'serif' ? 'Serif' : 'Monospace' })),
]
export const SIZE_CHOICES = [
  { value: RICH_TEXT.fontSizes.small, label: 'Small' },
  { value: '', label: 'Normal' },
  { value: RICH_TEXT.fontSizes.large, label: 'Large' },
  { value: RICH_TEXT.fontSizes.huge, label: 'Huge' },
]
export const ALIGN_CHOICES = RICH_TEXT.alignments.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}))

/**
 * The address a person typed into the link box, as the link will use it: "example.com" becomes https://example.com;
 * null when its scheme is not http, https, mailto or tel (the link stays blank).
 */
export function linkAddressOf(input: string): string | null {
  // Browsers drop whitespace and control characters inside an address ("java\tscript:"): so does the link box.
  // eslint-disable-next-line no-control-regex
  const address = input.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (!address) return null
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(address)) return `mailto:${address}`
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith('/') || address.startsWith('#')
      ? address
      : `https://${address}`
  return isSafeAddress(withScheme) ? withScheme : null
}

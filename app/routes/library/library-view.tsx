import type { PacketItem } from '#contracts/library.ts'
import { EmptyState } from '#app/ui/field.tsx'
import { DocumentIcon } from '#app/ui/icons.tsx'
import { useT } from '#app/ui/i18n.tsx'

// The library's cards (1, 2 or 3 columns): each opens its document in a new tab. Texts: `library` in the catalogs.

export type { PacketItem }

/** A case-insensitive substring match on the document name. */
export function filterPackets(packets: PacketItem[], query: string): PacketItem[] {
  const needle = query.trim().toLowerCase()
  return needle ? packets.filter((p) => p.name.toLowerCase().includes(needle)) : packets
}

export function PacketGrid({ packets, total }: { packets: PacketItem[]; total: number }) {
  const t = useT('library')
  if (total === 0) return <EmptyState title={t('empty.title')} text={t('empty.none')} />
  if (packets.length === 0) return <EmptyState title={t('empty.title')} text={t('empty.noMatch')} />
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('documents')}>
      {packets.map((packet) => (
        <li key={packet.id}>
          <a
            href={packet.google_doc_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="library-card"
            className="group flex h-full items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 transition hover:border-brand-600 hover:bg-zinc-900"
          >
            <span
              aria-hidden
              className="grid size-10 shrink-0 place-items-center rounded-lg bg-zinc-800 text-brand-400 group-hover:bg-brand-600 group-hover:text-zinc-950"
            >
              <DocumentIcon />
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold break-words text-zinc-100">{packet.name}</span>
              <span className="truncate text-xs text-zinc-500">{hostOf(packet.google_doc_url)}</span>
            </span>
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden
              className="mt-0.5 size-4 shrink-0 text-zinc-500 group-hover:text-brand-400"
            >
              <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
              <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
            </svg>
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

import { VIEW_INTENT, viewCookie, type OrbatViewChoice } from './view-choice.ts'
import { useT } from '#app/ui/i18n.tsx'

const OPTIONS: OrbatViewChoice[] = ['list', 'diagram']

// Highlights of each option: by the shown view, or by width when CSS decides (no choice made, before hydration).
const ACTIVE = 'bg-zinc-700 text-zinc-50'
const IDLE = 'text-zinc-400 hover:text-zinc-100'
const BY_WIDTH: Record<OrbatViewChoice, string> = {
  list: 'bg-zinc-700 text-zinc-50 md:bg-transparent md:text-zinc-400',
  diagram: 'text-zinc-400 md:bg-zinc-700 md:text-zinc-50',
}

/**
 * Diagram / List, on every width. Without JavaScript a form post: the action remembers the choice in a cookie and
 * redirects back. With it the cookie is written here and the page switches at once (no round trip).
 */
export function ViewToggle({
  shown,
  onChoose,
}: {
  shown: OrbatViewChoice | null
  onChoose: (choice: OrbatViewChoice) => void
}) {
  const t = useT('orbat.view')
  return (
    // No action: the post goes to the page as it is (its squad filter kept on the way back).
    <form
      method="post"
      aria-label={t('label')}
      className="pointer-events-auto ml-auto flex h-9 items-center gap-0.5 rounded-lg border border-zinc-800 bg-zinc-900/90 p-0.5 shadow-lg shadow-black/40 backdrop-blur"
    >
      <input type="hidden" name="intent" value={VIEW_INTENT} />
      {OPTIONS.map((value) => (
        <button
          key={value}
          type="submit"
          name="view"
          value={value}
          aria-pressed={shown === null ? undefined : shown === value}
          onClick={(event) => {
            event.preventDefault()
            document.cookie = viewCookie(value, window.location.protocol === 'https:')
            onChoose(value)
          }}
          className={`h-full rounded-md px-2.5 text-sm font-medium transition ${shown === null ? BY_WIDTH[value] : shown === value ? ACTIVE : IDLE}`}
        >
          {t(value)}
        </button>
      ))}
    </form>
  )
}

import { buttonClass } from '#app/ui/button.ts'

// "Add to calendar" for a feed: subscribe in the calendar app (webcal:), in Google Calendar, or download the .ics once.
// Plain links: they work without JavaScript.

/** Its texts: English, unless a page already in the catalogs passes its own (docs/rules/languages.md). */
export interface AddToCalendarTexts {
  /** The group's name; `caption` is the same as the text before the links ("Add to calendar:"). */
  label: string
  caption: string
  subscribe: string
  google: string
  download: string
}

const ENGLISH: AddToCalendarTexts = {
  label: 'Add to calendar',
  caption: 'Add to calendar:',
  subscribe: 'Subscribe',
  google: 'Google Calendar',
  download: 'Download .ics',
}

export function AddToCalendar({
  appUrl,
  path,
  label,
  texts = ENGLISH,
}: {
  appUrl: string
  path: string
  label?: string
  texts?: AddToCalendarTexts
}) {
  const webcal = `${appUrl.replace(/^https?:/, 'webcal:')}${path}`
  const google = `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label ?? texts.label}>
      <span className="text-sm text-zinc-400">{label ? `${label}:` : texts.caption}</span>
      <a href={webcal} className={buttonClass('secondary', 'xs')}>
        {texts.subscribe}
      </a>
      <a href={google} className={buttonClass('secondary', 'xs')} target="_blank" rel="noreferrer noopener">
        {texts.google}
      </a>
      <a href={path} className={buttonClass('secondary', 'xs')} download>
        {texts.download}
      </a>
    </div>
  )
}

import { buttonClass } from '#app/ui/button.ts'

// "Add to calendar" for a feed: subscribe in the calendar app (webcal:), in Google Calendar, or download the .ics once.
// Plain links: they work without JavaScript.

/** The links' words, for a page in another language than English ("Google Calendar" is a name and stays). */
export interface AddToCalendarTexts {
  /** What the links follow: the label and its colon ("Add to calendar:"). */
  lead: string
  subscribe: string
  download: string
}

export function AddToCalendar({
  appUrl,
  path,
  label = 'Add to calendar',
  texts,
}: {
  appUrl: string
  path: string
  label?: string
  texts?: AddToCalendarTexts
}) {
  const webcal = `${appUrl.replace(/^https?:/, 'webcal:')}${path}`
  const google = `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label}>
      <span className="text-sm text-zinc-400">{texts ? texts.lead : `${label}:`}</span>
      <a href={webcal} className={buttonClass('secondary', 'xs')}>
        {texts?.subscribe ?? 'Subscribe'}
      </a>
      <a href={google} className={buttonClass('secondary', 'xs')} target="_blank" rel="noreferrer noopener">
        Google Calendar
      </a>
      <a href={path} className={buttonClass('secondary', 'xs')} download>
        {texts?.download ?? 'Download .ics'}
      </a>
    </div>
  )
}

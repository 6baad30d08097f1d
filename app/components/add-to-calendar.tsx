import { buttonClass } from '#app/ui/button.ts'

// "Add to calendar" for a feed: subscribe in the calendar app (webcal:), in Google Calendar, or download the .ics once.
// Plain links: they work without JavaScript.

export function AddToCalendar({
  appUrl,
  path,
  label = 'Add to calendar',
}: {
  appUrl: string
  path: string
  label?: string
}) {
  const webcal = `${appUrl.replace(/^https?:/, 'webcal:')}${path}`
  const google = `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label}>
      <span className="text-sm text-zinc-400">{label}:</span>
      <a href={webcal} className={buttonClass('secondary', 'xs')}>
        Subscribe
      </a>
      <a href={google} className={buttonClass('secondary', 'xs')} target="_blank" rel="noreferrer noopener">
        Google Calendar
      </a>
      <a href={path} className={buttonClass('secondary', 'xs')} download>
        Download .ics
      </a>
    </div>
  )
}

import { buttonClass } from './button.ts'

/** A list's "Download CSV": a plain link the browser saves (the /api answers with Content-Disposition: attachment). */
export function DownloadCsv({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a href={href} download className={buttonClass('secondary', 'sm')}>
      {label}
    </a>
  )
}

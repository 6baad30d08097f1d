import type { Request, Response } from 'express'

// Discord's default avatars, drawn by the stand-in (GET <stand-in>/cdn/embed/avatars/<0-5>.png), so demo users'
// avatars load from this machine: no request leaves it, and none can hold up a page. Discord's six default colours;
// an SVG (served as such, whatever the name says), a white figure on the colour.

const COLOURS = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459e'] as const

function defaultAvatar(colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<circle cx="32" cy="25" r="10" fill="#fff"/><path d="M14 50c2-10 9-15 18-15s16 5 18 15z" fill="#fff"/></svg>`
  )
}

/** GET /cdn/embed/avatars/:file ('3.png'): the default avatar of that colour, 404 for another. */
export function sendDefaultAvatar(req: Request, res: Response) {
  const index = /^([0-5])\.png$/.exec(String(req.params.file))?.[1]
  if (index === undefined) {
    res.status(404).json({ message: 'Not Found', code: 0 })
    return
  }
  res
    .set('Cache-Control', 'public, max-age=86400')
    .type('image/svg+xml')
    .send(defaultAvatar(COLOURS[Number(index)]!))
}

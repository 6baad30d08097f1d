// Unknown /api paths answer JSON, never the HTML error page.
const notFound = () => Response.json({ error: 'Not found.' }, { status: 404 })
export const loader = notFound
export const action = notFound

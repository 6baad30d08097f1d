import { errorResponse } from '#server/errors.ts'

// A calendar answer: text/calendar that subscribed apps re-read every so often; errors as the usual JSON.

export async function calendarResponse(
  filename: string,
  render: () => Promise<string>,
  cache: 'public' | 'private',
): Promise<Response> {
  try {
    return new Response(await render(), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `inline; filename="${filename}"`,
        // Calendar apps poll; a few minutes of staleness is fine, and a regenerated secret must not live on in caches.
        'Cache-Control': `${cache}, max-age=300`,
      },
    })
  } catch (error) {
    return errorResponse(error)
  }
}

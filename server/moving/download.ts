// A CSV file as a download: its name says what and when (`roster-2026-11-29.csv`); never cached (it holds the unit's
// people).
export function csvDownload(csv: string, name: string): Response {
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

import Papa from 'papaparse'

// CSV in and out (RFC 4180). Out: a header row and one row per record, CRLF line ends, a cell quoted when it holds a
// quote, a comma or a line break; a text cell that a spreadsheet would run as a formula (starting with = + - @, a tab
// or a carriage return) is prefixed with an apostrophe, so an exported name never runs in the admin's spreadsheet.
// In: Papa Parse (docs/decisions/060-moving-in-and-out.md) reads comma, semicolon or tab files, quoted fields with
// line breaks and doubled quotes, with or without a UTF-8 byte order mark.

const FORMULA = /^[=+\-@\t\r]/

export type CsvValue = string | number | boolean | null | undefined

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = FORMULA.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The rows as CSV under a header row of `columns` (each row's values in the same order). */
export function toCsv(columns: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [columns.map(cell).join(',')]
  for (const row of rows) lines.push(row.map(cell).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** The records as CSV, one column per key of `columns`, in that order. */
export function recordsToCsv<K extends string>(
  columns: readonly K[],
  records: Iterable<Readonly<Record<K, CsvValue>>>,
): string {
  return toCsv(
    columns,
    [...records].map((record) => columns.map((column) => record[column])),
  )
}

/** A cell as the export wrote it, read back: the apostrophe before a would-be formula removed. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA.test(value.slice(1)) ? value.slice(1) : value
}

export interface ParsedCsv {
  /** The header row's cells, trimmed. */
  header: string[]
  /** Every row after the header (blank lines dropped), each with its 1-based line number in the file. */
  rows: { line: number; cells: string[] }[]
  delimiter: string
}

export class CsvError extends Error {}

/** Reads a CSV text: the first row is the header. Throws CsvError when it is not a table of text. */
export function parseCsv(text: string, maxRows = Infinity): ParsedCsv {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.includes('\u0000')) throw new CsvError('This is not a CSV file: it holds binary data.')
  if (!body.trim()) throw new CsvError('The file is empty.')
  let header: string[] | null = null
  const rows: ParsedCsv['rows'] = []
  let unclosed: number | null = null
  // Each row's first line: the line breaks between the file's start and where the row began (a quoted field may
  // span lines, so a row's number is not its index).
  let line = 1
  let counted = 0
  let delimiter = ','
  let tooMany = false
  Papa.parse<string[]>(body, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      // Blank lines skipped before this row still count.
      while (counted < body.length && /\s/.test(body[counted]!)) if (body.charCodeAt(counted++) === 10) line++
      delimiter = result.meta.delimiter
      // A line break inside a quoted cell is kept as \n, whichever the file (or a form's text) used.
      const cells = result.data.map((cell) => cell.replace(/\r\n?/g, '\n'))
      if (result.errors.some((error) => error.code === 'MissingQuotes')) unclosed ??= line
      if (header === null) header = cells.map((value) => value.trim())
      else if (cells.some((value) => value.trim() !== '')) {
        if (rows.length >= maxRows) {
          tooMany = true
          parser.abort()
          return
        }
        rows.push({ line, cells })
      }
      const cursor = result.meta.cursor
      for (let i = counted; i < cursor; i++) if (body.charCodeAt(i) === 10) line++
      counted = cursor
    },
  })
  if (tooMany) throw new CsvError(`The file has more than ${maxRows.toLocaleString('en-US')} rows.`)
  if (unclosed !== null) throw new CsvError(`Line ${unclosed}: a quoted field is never closed.`)
  const names: string[] = header ?? []
  if (!names.some(Boolean)) throw new CsvError('The file has no header row.')
  return { header: names, rows, delimiter }
}

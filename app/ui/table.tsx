import type { ComponentProps, ReactNode } from 'react'

// The lists' table: one header look, rows divided by lines, a frame that scrolls sideways on narrow screens. The
// columns say what each cell shows and how it sits; the rows are data.

export interface Column<Row> {
  /** The header cell (an sr-only span for a column of buttons). */
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** The row's name: a <th scope="row">, so screen readers name the row by it. */
  rowHeader?: boolean
  align?: 'left' | 'center' | 'right'
  /** Classes of the column's header and cells (e.g. `hidden @md:table-cell`, `whitespace-nowrap`). */
  className?: string
  /** Classes of the column's body cells only (their text colour, font). */
  cellClassName?: string
}

const ALIGN = { left: '', center: 'text-center', right: 'text-right' } as const
const CELL = 'px-3 first:pl-4 last:pr-4'

export function Table<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  flush = false,
  className = '',
  tableClassName = '',
}: {
  label: string
  columns: ReadonlyArray<Column<Row>>
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** Attributes of a row's <tr> (a test id, a highlight, a click handler). */
  rowProps?: (row: Row) => ComponentProps<'tr'>
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode
  /** Inside a Section: edge to edge, no frame of its own. */
  flush?: boolean
  /** Classes of the scrolling frame. */
  className?: string
  /** Classes of the <table> (e.g. a minimum width). */
  tableClassName?: string
}) {
  const frame = flush ? '-mx-4 -mb-4' : 'rounded-xl border border-zinc-800 bg-zinc-900/60'
  return (
    // `relative`: an sr-only header is absolutely placed and must not widen the page.
    <div className={`@container relative overflow-x-auto ${frame} ${className}`}>
      <table className={`w-full text-left text-sm ${tableClassName}`} aria-label={label}>
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`${CELL} py-2.5 font-medium ${ALIGN[column.align ?? 'left']} ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-12 text-center text-zinc-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column, index) => {
                  const look = `${CELL} py-2.5 ${ALIGN[column.align ?? 'left']} ${column.className ?? ''} ${column.cellClassName ?? ''}`
                  return column.rowHeader ? (
                    <th key={index} scope="row" className={`${look} font-medium text-zinc-100`}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={index} className={look}>
                      {column.cell(row)}
                    </td>
                  )
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

import type { ComponentProps, ReactNode } from 'react'

// The lists' table: one header look, rows divided by lines, a frame that scrolls sideways on narrow screens. The
// columns say what each cell shows and how it sits; the rows are data. A `stacked` table (admin lists whose row
// actions would scroll out of sight on a phone) turns each row into a card below `md`: the row's name on top, each
// other cell after its column's label (the short ones side by side), the actions wrapping at the bottom. CSS only, so it works without JavaScript.

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
  /** A stacked row's label for the cell (default: the header when it is text; none for a column of buttons). */
  label?: string
}

const ALIGN = { left: '', center: 'text-center', right: 'text-right' } as const
const CELL = 'px-3 first:pl-4 last:pr-4'

// Below md a stacked table is a list of cards. NOTE: explicit roles, because a table shown as blocks loses its table
// semantics in some browsers' accessibility trees.
const STACK = {
  table: 'max-md:block max-md:min-w-0',
  head: 'max-md:sr-only',
  body: 'max-md:block',
  row: 'max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-4 max-md:gap-y-2 max-md:px-4 max-md:py-3',
  cell: 'max-md:block max-md:p-0 max-md:text-left max-md:first:pl-0 max-md:last:pr-0',
  /** The row's name and a cell without a label (the actions) take a line of their own. */
  wide: 'max-md:basis-full',
  labelled:
    'max-md:before:mr-2 max-md:before:text-xs max-md:before:font-medium max-md:before:tracking-wide max-md:before:text-zinc-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]',
}

export function Table<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  flush = false,
  stacked = false,
  className = '',
  tableClassName = '',
}: {
  label: string
  columns: ReadonlyArray<Column<Row>>
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** Attributes of a row's <tr> (a test id, a highlight, a click handler). */
  rowProps?: (row: Row) => ComponentProps<'tr'> & { 'data-testid'?: string }
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode
  /** Inside a Section: edge to edge, no frame of its own. */
  flush?: boolean
  /** Below md, each row is a card (every cell and action in reach on a phone). */
  stacked?: boolean
  /** Classes of the scrolling frame. */
  className?: string
  /** Classes of the <table> (e.g. a minimum width). */
  tableClassName?: string
}) {
  const frame = flush ? '-mx-4 -mb-4' : 'rounded-xl border border-zinc-800 bg-zinc-900/60'
  const stack = (part: keyof typeof STACK) => (stacked ? STACK[part] : '')
  const role = (name: string) => (stacked ? name : undefined)
  return (
    // `relative`: an sr-only header is absolutely placed and must not widen the page.
    <div className={`@container relative overflow-x-auto ${frame} ${className}`}>
      <table
        role={role('table')}
        className={`w-full text-left text-sm ${tableClassName} ${stack('table')}`}
        aria-label={label}
      >
        <thead
          role={role('rowgroup')}
          className={`border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase ${stack('head')}`}
        >
          <tr role={role('row')}>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                role={role('columnheader')}
                className={`${CELL} py-2.5 font-medium ${ALIGN[column.align ?? 'left']} ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')} className={`divide-y divide-zinc-800 ${stack('body')}`}>
          {rows.length === 0 && empty ? (
            <tr role={role('row')}>
              <td colSpan={columns.length} role={role('cell')} className="px-4 py-12 text-center text-zinc-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const props = rowProps?.(row)
              return (
                <tr
                  key={rowKey(row)}
                  role={role('row')}
                  {...props}
                  className={`${props?.className ?? ''} ${stack('row')}`}
                >
                  {columns.map((column, index) => {
                    const look = `${CELL} py-2.5 ${ALIGN[column.align ?? 'left']} ${column.className ?? ''} ${column.cellClassName ?? ''} ${stack('cell')}`
                    const cellLabel = column.rowHeader
                      ? undefined
                      : (column.label ?? (typeof column.header === 'string' ? column.header : undefined))
                    return column.rowHeader ? (
                      <th
                        key={index}
                        scope="row"
                        role={role('rowheader')}
                        className={`${look} font-medium text-zinc-100 ${stack('wide')}`}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={index}
                        role={role('cell')}
                        data-label={stacked ? cellLabel : undefined}
                        className={`${look} ${stacked ? (cellLabel ? STACK.labelled : STACK.wide) : ''}`}
                      >
                        {column.cell(row)}
                      </td>
                    )
                  })}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

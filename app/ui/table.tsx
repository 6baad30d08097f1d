import type { ReactNode } from 'react'

// The admin lists' table: a scrolling frame on narrow screens, one header look, rows that highlight on hover.

export function Table({ label, head, children }: { label: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table className="w-full min-w-[36rem] text-left text-sm" aria-label={label}>
        <thead className="bg-zinc-900/80 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">{children}</tbody>
      </table>
    </div>
  )
}

export const rowClass = 'hover:bg-zinc-900/60'
export const cellClass = 'px-3 py-2 align-middle'

import { useCallback, useState } from 'react'

// A person's round avatar (the top bar, the ORBAT slots, the waitlist, training attendees). The initials sit
// underneath (drawn by CSS, so the name is in the text once, beside the avatar) and the image on top: when the image fails (Discord's CDN out of reach, a deleted avatar) the initials
// show, with JavaScript (the image is dropped) and without (a broken image with an empty alt draws nothing). Lazy and
// decoded off the main thread, an avatar never holds up a page's load.

const SIZES = {
  5: 'size-5 text-[8px]',
  6: 'size-6 text-[10px]',
  7: 'size-7 text-[11px]',
  8: 'size-8 text-xs',
} as const

/** Up to two letters of a name: 'Sgt. Reyes' -> 'SR', 'novak' -> 'NO'. */
function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? []
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

export function Avatar({
  src,
  name,
  size,
  className = '',
}: {
  src: string | null | undefined
  name: string
  size: keyof typeof SIZES
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  // An image that failed before hydration fired its error event before React listened: look at it once mounted.
  const mounted = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true)
  }, [])
  return (
    <span
      aria-hidden
      data-initials={initials(name)}
      className={`relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-zinc-700 font-semibold text-zinc-200 select-none before:content-[attr(data-initials)] ${SIZES[size]} ${className}`}
    >
      {src && !failed ? (
        <img
          ref={mounted}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  )
}

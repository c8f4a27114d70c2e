/** The mood of value `index` (0-based) on a scale of `count`: 0 very unhappy .. 4 very happy. */
export function moodOf(index: number, count: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 1) return 2;
  return Math.round((index * 4) / (count - 1)) as 0 | 1 | 2 | 3 | 4;
}

// Mouths from a deep frown to a wide smile (the face is a 24x24 box).
const MOUTHS = ['M7.5 17.5c2.5-3 6.5-3 9 0', 'M8 16.5c2-1.6 6-1.6 8 0', 'M8 15.5h8', 'M8 14.5c2 1.8 6 1.8 8 0', 'M7 13.5c2.5 4 7.5 4 10 0'];

/** A face for a smiley scale; `filled` when chosen. Decorative: the value's label names it. */
export function SmileyIcon({ mood, filled }: { mood: 0 | 1 | 2 | 3 | 4; filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-9 sm:size-10" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <circle cx="12" cy="12" r="10" className={filled ? 'fill-brand stroke-brand' : ''} />
      <g className={filled ? 'stroke-[var(--brand-on-primary)]' : ''}>
        <path d="M8.5 9.5v.5M15.5 9.5v.5" strokeWidth="2.2" />
        <path d={MOUTHS[mood]} />
      </g>
    </svg>
  );
}

/** A star for a star scale; filled up to the chosen value. */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-9 sm:size-10" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        className={filled ? 'fill-amber-400 stroke-amber-700' : ''}
      />
    </svg>
  );
}

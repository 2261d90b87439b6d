import { useId } from 'react';

/**
 * Inline SVG flags: emoji flags depend on the system font (many Linux and
 * Windows machines show letters instead), these render the same everywhere.
 */
export function FinnishFlag({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 11) / 18} viewBox="0 0 18 11" aria-hidden="true" focusable="false">
      <rect width="18" height="11" fill="#fff" />
      <rect x="5" width="3" height="11" fill="#002f6c" />
      <rect y="4" width="18" height="3" fill="#002f6c" />
    </svg>
  );
}

export function BritishFlag({ size = 24 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size / 2} viewBox="0 0 60 30" aria-hidden="true" focusable="false">
      <clipPath id={`${id}s`}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={`${id}t`}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${id}s)`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${id}t)`} stroke="#c8102e" strokeWidth="4" />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#c8102e" strokeWidth="6" />
      </g>
    </svg>
  );
}

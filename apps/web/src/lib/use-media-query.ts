import { useSyncExternalStore } from 'react';

/** Whether a media query matches now; follows changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The portal's one breakpoint (640 px): at and above it lists sit beside their detail and maps show. */
export const WIDE = '(min-width: 640px)';

import { storage } from '../../lib/storage';

/** Embedded in a frame, or opened with `embed` in the query (remembered for the visit): no header. */
export function isEmbedded(): boolean {
  let framed = false;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true; // a cross-origin parent denies access: we are framed
  }
  if (new URLSearchParams(window.location.search).has('embed')) storage.setEmbed();
  return framed || storage.embed();
}

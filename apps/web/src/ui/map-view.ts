/**
 * Where a map looks, decided without Leaflet (so it is tested on its own): the spec's default centre
 * and zoom when there is nothing to show, centred on a single marker at that zoom, and otherwise the
 * box around the markers, which Leaflet fits into the map (fitBounds, with padding).
 */
export type LatLng = [number, number];
export type MapView =
  | { kind: 'centre'; centre: LatLng; zoom: number }
  | { kind: 'bounds'; bounds: [LatLng, LatLng] };

/** The spec's default centre: the Netherlands (portal.md section 8, Map). */
export const NETHERLANDS: LatLng = [52.09, 5.12];
/** The spec's map height in px. */
export const MAP_HEIGHT = 400;
/** Fitting never zooms in closer than this (two neighbours would otherwise fill the map). */
export const FIT_MAX_ZOOM = 17;
/** Room in px kept around the markers when the map fits them: half a marker and a little. */
export const FIT_PADDING = 24;

export function mapViewFor(points: LatLng[], fallback: { centre: LatLng; zoom: number }): MapView {
  if (points.length === 0) return { kind: 'centre', ...fallback };
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  if (south === north && west === east) return { kind: 'centre', centre: [south, west], zoom: fallback.zoom };
  return { kind: 'bounds', bounds: [[south, west], [north, east]] };
}

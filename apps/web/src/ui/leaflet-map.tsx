/**
 * A Leaflet map. Import it only lazily (React.lazy) from the pages that show a map, so Leaflet and
 * its CSS stay in their own chunk. Markers are divIcons (a number or a dot drawn in HTML): no
 * marker images, so none of Leaflet's image-path trouble under Vite. The markers are not interactive:
 * nearby addresses overlap, so as buttons they would be unusable targets; every page with a map lists
 * the same places (numbered alike) in text beside it, and the map is hidden below 640 px. When the
 * tiles cannot be loaded (offline, a tile server down) the map says so above itself.
 */
import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import { divIcon } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { FIT_MAX_ZOOM, FIT_PADDING, MAP_HEIGHT, mapViewFor, type LatLng, type MapView } from './map-view';

export type MapMarker = {
  key: string | number;
  lat: number;
  lng: number;
  /** Shown in the marker (a work-order number); a dot when left out. */
  label?: string;
  /** Describes the marker (its title attribute). */
  title: string;
  highlight?: boolean;
};

export type LeafletMapProps = {
  tileUrl: string;
  /** Where the map looks; with `fitToMarkers` only when there are no markers (map-view.ts). */
  center: LatLng;
  zoom: number;
  markers: MapMarker[];
  /** Fit the view to the markers (and fit again when they change); a single marker keeps `zoom`. */
  fitToMarkers?: boolean;
  /** Names the map region for screen readers. */
  label: string;
  /** Said above the map when its tiles cannot be loaded. */
  tilesFailedText?: string;
  height?: number;
};

export const mapTexts = {
  tilesFailed: 'De kaart kan niet worden geladen.',
} as const;

/** Public Dutch background map (PDOK BRT, Kadaster) when the customer names no tile server. */
export const DEFAULT_TILE_URL = 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png';

function attributionFor(url: string): string {
  if (url.includes('pdok.nl')) return 'Kaartgegevens &copy; <a href="https://www.kadaster.nl">Kadaster</a>';
  if (url.includes('openstreetmap')) return '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bijdragers';
  return '';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function markerIcon(label: string | undefined, highlight: boolean) {
  const height = label ? 30 : 18;
  // A round pin for short numbers, a pill for longer labels (a range such as '14–22').
  const width = label ? Math.max(height, 12 + label.length * 7) : height;
  return divIcon({
    className: 'portal-map-marker',
    html: `<span class="portal-map-marker__pin${highlight ? ' portal-map-marker__pin--own' : ''}${label ? '' : ' portal-map-marker__pin--dot'}">${label ? escapeHtml(label) : ''}</span>`,
    iconSize: [width, height],
    iconAnchor: [width / 2, height / 2],
    popupAnchor: [0, -height / 2],
  });
}

const fitOptions = { padding: [FIT_PADDING, FIT_PADDING] as [number, number], maxZoom: FIT_MAX_ZOOM };

/** Moves the map to `view` whenever it changes (more markers loaded). */
function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  useEffect(() => {
    if (view.kind === 'bounds') map.fitBounds(view.bounds, fitOptions);
    else map.setView(view.centre, view.zoom);
  }, [map, view]);
  return null;
}

/** Whether the tiles failed: some tile failed and none has loaded (a single lost tile is no reason to warn). */
function useTilesFailed() {
  const [failed, setFailed] = useState(false);
  const loaded = useRef(false);
  const handlers = useMemo(() => ({
    tileload: () => {
      loaded.current = true;
      setFailed(false);
    },
    tileerror: () => {
      if (!loaded.current) setFailed(true);
    },
  }), []);
  return { failed, handlers };
}

export default function LeafletMap({
  tileUrl, center, zoom, markers, fitToMarkers = false, label, tilesFailedText = mapTexts.tilesFailed, height = MAP_HEIGHT,
}: LeafletMapProps) {
  const icons = useMemo(() => markers.map((m) => markerIcon(m.label, !!m.highlight)), [markers]);
  const view = useMemo<MapView>(
    () => (fitToMarkers ? mapViewFor(markers.map((m) => [m.lat, m.lng]), { centre: center, zoom }) : { kind: 'centre', centre: center, zoom }),
    [fitToMarkers, markers, center, zoom],
  );
  const tiles = useTilesFailed();
  const initial = view.kind === 'bounds' ? { bounds: view.bounds, boundsOptions: fitOptions } : { center: view.centre, zoom: view.zoom };
  return (
    <section aria-label={label} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="map">
      <p role="status" className={tiles.failed ? 'border-b border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-950' : 'sr-only'}>
        {tiles.failed ? tilesFailedText : ''}
      </p>
      <MapContainer {...initial} zoomControl={false} scrollWheelZoom={false} style={{ height, width: '100%' }}>
        {fitToMarkers && <FollowView view={view} />}
        <TileLayer url={tileUrl || DEFAULT_TILE_URL} attribution={attributionFor(tileUrl || DEFAULT_TILE_URL)} eventHandlers={tiles.handlers} />
        <ZoomControl position="topleft" zoomInTitle="Inzoomen" zoomOutTitle="Uitzoomen" />
        {markers.map((marker, index) => (
          <Marker key={marker.key} position={[marker.lat, marker.lng]} icon={icons[index]} title={marker.title} zIndexOffset={marker.highlight ? 1000 : 0}
            interactive={false} keyboard={false} />
        ))}
      </MapContainer>
    </section>
  );
}

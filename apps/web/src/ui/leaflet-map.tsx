/**
 * A Leaflet map. Import it only lazily (React.lazy) from the pages that show a map, so Leaflet and
 * its CSS stay in their own chunk. Markers are divIcons (a number or a dot drawn in HTML): no
 * marker images, so none of Leaflet's image-path trouble under Vite. The markers are not interactive:
 * nearby addresses overlap at zoom 11, so as buttons they would be unusable targets; every page with a
 * map lists the same places (numbered alike) in text beside it, and the map is hidden below 640 px.
 */
import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Marker, TileLayer, ZoomControl } from 'react-leaflet';

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
  center: [number, number];
  zoom: number;
  markers: MapMarker[];
  /** Names the map region for screen readers. */
  label: string;
  height?: number;
};

/** Public Dutch background map (PDOK BRT, Kadaster) when the customer names no tile server. */
export const DEFAULT_TILE_URL = 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:3857/{z}/{x}/{y}.png';

function attributionFor(url: string): string {
  if (url.includes('pdok.nl')) return 'Kaartgegevens &copy; <a href="https://www.kadaster.nl">Kadaster</a>';
  if (url.includes('openstreetmap')) return '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bijdragers';
  return '';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function markerIcon(label: string | undefined, highlight: boolean) {
  const size = label ? 30 : 18;
  return divIcon({
    className: 'portal-map-marker',
    html: `<span class="portal-map-marker__pin${highlight ? ' portal-map-marker__pin--own' : ''}${label ? '' : ' portal-map-marker__pin--dot'}">${label ? escapeHtml(label) : ''}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}

export default function LeafletMap({ tileUrl, center, zoom, markers, label, height = 400 }: LeafletMapProps) {
  const icons = useMemo(() => markers.map((m) => markerIcon(m.label, !!m.highlight)), [markers]);
  return (
    <section aria-label={label} className="overflow-hidden rounded-lg shadow-sm ring-1 ring-slate-200" data-testid="map">
      <MapContainer center={center} zoom={zoom} zoomControl={false} scrollWheelZoom={false} style={{ height, width: '100%' }}>
        <TileLayer url={tileUrl || DEFAULT_TILE_URL} attribution={attributionFor(tileUrl || DEFAULT_TILE_URL)} />
        <ZoomControl position="topleft" zoomInTitle="Inzoomen" zoomOutTitle="Uitzoomen" />
        {markers.map((marker, index) => (
          <Marker key={marker.key} position={[marker.lat, marker.lng]} icon={icons[index]} title={marker.title} zIndexOffset={marker.highlight ? 1000 : 0}
            interactive={false} keyboard={false} />
        ))}
      </MapContainer>
    </section>
  );
}

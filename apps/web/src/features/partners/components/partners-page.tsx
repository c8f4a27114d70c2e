import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'wouter';
import type { TPartner } from '@portal/contract';
import { pagePath, type Audience } from '../../../lib/audience';
import { useMediaQuery, WIDE } from '../../../lib/use-media-query';
import type { MapMarker } from '../../../ui/leaflet-map';
import { EmptyState, ErrorState, Loading } from '../../../ui/states';
import { partnerQueries } from '../api';
import { partnerTexts } from '../texts';

const LeafletMap = lazy(() => import('../../../ui/leaflet-map'));

/** Partners: a card per partner (logo, name, website, its information items) and a map where they have coordinates. */
export function PartnersPage({ audience, tileUrl }: { audience: Audience; tileUrl: string }) {
  const partners = useQuery(partnerQueries.list(audience));
  if (partners.isPending) return <Loading />;
  if (partners.isError) return <ErrorState error={partners.error} retry={() => void partners.refetch()} />;
  if (!partners.data.length) return <EmptyState>{partnerTexts.empty}</EmptyState>;
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {partners.data.map((partner) => <PartnerCard key={partner.id} partner={partner} audience={audience} />)}
      </ul>
      <PartnerMap partners={partners.data} tileUrl={tileUrl} />
    </div>
  );
}

function PartnerCard({ partner, audience }: { partner: TPartner; audience: Audience }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="partner-card">
      <div className="flex h-[150px] items-center justify-center">
        {partner.logo_url
          ? <img src={partner.logo_url} alt={`Logo ${partner.name}`} className="max-h-[150px] max-w-[200px] object-contain" />
          : <span className="text-3xl font-bold text-slate-400" aria-hidden="true">{partner.name.slice(0, 1)}</span>}
      </div>
      <h2 className="text-lg font-semibold">{partner.name}</h2>
      {partner.website && (
        <a href={partner.website} target="_blank" rel="noopener noreferrer" className="self-start text-sm text-blue-800 underline">
          {partnerTexts.website}<span className="sr-only"> van {partner.name} (opent in een nieuw venster)</span>
        </a>
      )}
      {partner.information_items.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-700">{partnerTexts.items}</h3>
          <ul className="flex flex-col gap-1">
            {partner.information_items.map((item) => (
              <li key={item.id}>
                <Link to={pagePath(audience, 'informatie', item.id)} className="text-sm text-blue-800 underline">{item.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function PartnerMap({ partners, tileUrl }: { partners: TPartner[]; tileUrl: string }) {
  const wide = useMediaQuery(WIDE);
  const markers = useMemo<MapMarker[]>(() => partners.flatMap((p) =>
    p.lat !== null && p.lng !== null ? [{ key: p.id, lat: p.lat, lng: p.lng, title: p.name }] : []), [partners]);
  if (!wide || markers.length === 0) return null;
  return (
    <div className="hidden sm:block">
      <Suspense fallback={<div className="h-[400px] animate-pulse rounded-lg bg-slate-200" aria-hidden="true" />}>
        <LeafletMap tileUrl={tileUrl} center={[52.09, 5.12]} zoom={7} markers={markers} label={partnerTexts.map} />
      </Suspense>
    </div>
  );
}

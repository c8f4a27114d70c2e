import type { TStaffContentOverview } from '@portal/contract';

/**
 * What the information and planning items share beside their own fields: the stored item as its form
 * holds it, and the preview's icons, indicators, partners and access note.
 */

/** The stored item without its id and status, as the form holds it; its image's link goes to `onImageUrl` (the preview shows it). */
export function withoutMeta<T extends { id: number; status: unknown; image_url: string | null }>(onImageUrl: (url: string | null) => void) {
  return ({ id: _id, image_url, status: _status, ...input }: T) => {
    onImageUrl(image_url);
    return input;
  };
}

type Linked = {
  access_to_home_required: boolean;
  icons?: readonly string[];
  indicators?: ReadonlyArray<{ name: string; value: number }>;
  partner_ids?: readonly number[];
};

/** The preview's icons, indicators (complete ones), chosen partners and access note, from what the form holds now. */
export function linkedPreview(values: Linked, partners: TStaffContentOverview['partners']) {
  return {
    accessRequired: values.access_to_home_required,
    iconUrls: (values.icons ?? []).map((name) => `/api/assets/icons/${name}.svg`),
    indicators: (values.indicators ?? []).filter((i) => i.name && Number.isFinite(i.value)),
    partners: partners.filter((p) => (values.partner_ids ?? []).includes(p.id)).map((p) => ({ ...p, logo_url: null })),
  };
}

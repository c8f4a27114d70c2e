import type { TBranding } from '@portal/contract';
import { isHexColor, readableTextOn } from '../../lib/colors';

/** Branding becomes CSS variables on the document, with readable text colours computed for them. */
export function applyBranding(branding: Partial<TBranding> | null | undefined) {
  const root = document.documentElement.style;
  const primary = isHexColor(branding?.color_primary) ? normalise(branding!.color_primary!) : '#0b5394';
  const secondary = isHexColor(branding?.color_secondary) ? normalise(branding!.color_secondary!) : '#9a4f00';
  root.setProperty('--brand-primary', primary);
  root.setProperty('--brand-secondary', secondary);
  root.setProperty('--brand-on-primary', readableTextOn(primary));
  root.setProperty('--brand-on-secondary', readableTextOn(secondary));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
}

const normalise = (hex: string) => (hex.startsWith('#') ? hex : `#${hex}`);

import type { TBranding } from '@portal/contract';
import { isHexColor, readableTextOn } from '../../lib/colors';
import { storage } from '../../lib/storage';

/** Branding becomes CSS variables on the document, with readable text colours computed for them. */
export function applyBranding(branding: Partial<TBranding> | null | undefined) {
  const root = document.documentElement.style;
  const primary = isHexColor(branding?.color_primary) ? normalise(branding!.color_primary!) : '#0b5394';
  const secondary = isHexColor(branding?.color_secondary) ? normalise(branding!.color_secondary!) : '#9a4f00';
  const colors = {
    '--brand-primary': primary,
    '--brand-secondary': secondary,
    '--brand-on-primary': readableTextOn(primary),
    '--brand-on-secondary': readableTextOn(secondary),
  };
  for (const [name, value] of Object.entries(colors)) root.setProperty(name, value);
  // the next visit's skeleton (index.html) paints in these colours before the app has loaded
  storage.setBrandColors(colors);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
}

const normalise = (hex: string) => (hex.startsWith('#') ? hex : `#${hex}`);

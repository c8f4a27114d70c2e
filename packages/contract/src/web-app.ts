import { z } from 'zod';

/**
 * The installable portal (issue 19): a web app manifest per customer (found by host), with icons made
 * from the customer's logo at the sizes Android and iOS ask for.
 */
export const APP_ICONS = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  /** iOS (apple-touch-icon): no transparency, iOS rounds the corners itself. */
  'apple-touch-icon.png': { size: 180, purpose: 'apple' },
} as const;
export type TAppIconName = keyof typeof APP_ICONS;
/** `v`: the icon's version (changes with the logo and colours), so that it can be cached for long. */
export const ZAppIconQuery = z.object({ v: z.string().max(64).optional() });

export const ZWebAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  dir: z.literal('ltr'),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.literal('image/png'), purpose: z.enum(['any', 'maskable']) })),
});
export type TWebAppManifest = z.infer<typeof ZWebAppManifest>;

export const webAppPaths = {
  manifest: '/public/manifest.webmanifest',
  /** One path per icon: /public/app-icons/{name of APP_ICONS}. */
  icons: '/public/app-icons/',
} as const;

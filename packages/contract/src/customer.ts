import { z } from 'zod';
import { ZLanguage } from './common.ts';
import { ZProjectRef } from './auth.ts';

export const ZCustomer = z.object({
  id: z.number(),
  name: z.string(),
  api_url: z.string(),
  logo: z.string().nullable(),
  color_primary: z.string(),
  color_secondary: z.string(),
  website: z.string().nullable(),
  notification: z.string().nullable(),
  login_url_occupants: z.string(),
  /** The customer's public projects: a non-empty list sends a visitor of / to /public/projecten. */
  projects: z.array(ZProjectRef),
  /** XYZ tile URL template for the maps (work order, partners): {z}/{x}/{y}, optionally {s}. */
  map_tile_url: z.string(),
  /** The terms, privacy statement and cookie policy as whole addresses (null: a path without a website to put it on). */
  terms_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  cookies_url: z.string().nullable(),
  /** The terms a resident accepts at activation: plain text, paragraphs split by a blank line. */
  terms_text: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerQuery = z.object({ domain: z.string().max(253).optional(), language: ZLanguage });

/** Where the policies are when a customer sets nothing: these paths on its website. */
export const DEFAULT_POLICY_PATHS = { terms_url: '/algemene-voorwaarden', privacy_url: '/privacyverklaring', cookies_url: '/cookiebeleid' } as const;

/** The terms shown at activation when a customer set none of its own. */
export const DEFAULT_TERMS_TEXT = [
  'Het bewonersportaal is bedoeld voor de bewoners van de woningen in het project. Uw inloggegevens zijn persoonlijk; deel ze niet met anderen.',
  'Wij gebruiken uw gegevens alleen om u te informeren over de werkzaamheden en om afspraken, formulieren en berichten met u af te handelen. Uw gegevens worden niet aan derden verstrekt, behalve aan partners die de werkzaamheden uitvoeren.',
  'U kunt uw account en de gegevens van uw huishouden op elk moment inzien en aanpassen via uw profiel.',
].join('\n\n');

/** A text's paragraphs: split on blank lines, each trimmed, empty ones left out. */
export function textParagraphs(text: string): string[] {
  return text.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
}

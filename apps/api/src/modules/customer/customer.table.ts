import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Host names this customer's portal answers on; the customer is found by host. */
  domains: text('domains').array().notNull().default([]),
  logo: text('logo'),
  colorPrimary: text('color_primary').notNull().default('#1d4ed8'),
  colorSecondary: text('color_secondary').notNull().default('#0f766e'),
  website: text('website'),
  /** Origins (https://www.example.nl) that may show the portal in a frame, besides the portal itself. */
  embedOrigins: text('embed_origins').array().notNull().default([]),
  notification: text('notification'),
  loginUrlOccupants: text('login_url_occupants').notNull().default('/inloggen'),
  position: integer('position').notNull().default(0),
  /** Every staff account of the customer must log in with a second factor (TOTP). */
  requireTotp: boolean('require_totp').notNull().default(false),
  /** The terms, privacy statement and cookie policy: a path on the website ('/privacyverklaring') or a whole address. */
  termsUrl: text('terms_url').notNull().default('/algemene-voorwaarden'),
  privacyUrl: text('privacy_url').notNull().default('/privacyverklaring'),
  cookiesUrl: text('cookies_url').notNull().default('/cookiebeleid'),
  /** The terms a resident accepts at activation (plain text, paragraphs split by a blank line); null: DEFAULT_TERMS_TEXT. */
  termsText: text('terms_text'),
});

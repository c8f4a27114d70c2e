import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customer/customer.table.ts';

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    /** Normalised: upper case, letters and digits only ('1234AB'). */
    zipcode: text('zipcode').notNull(),
    /** Number plus suffix, normalised ('12A'). */
    houseNumber: text('house_number').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    activationCodeHash: text('activation_code_hash'),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('addresses_login_idx').on(t.customerId, t.zipcode, t.houseNumber),
    // The console's lists in postcode and house-number order (staff-addresses numberPart), walked in order with a limit.
    index('addresses_list_order_idx').on(t.customerId, t.zipcode, sql`coalesce(substring(${t.houseNumber} from '^[0-9]{1,9}')::int, 0)`, t.houseNumber, t.id),
    // The console's address search (staff-addresses searchConditions: ILIKE '%word%' on each column) as trigram lookups.
    index('addresses_street_trgm_idx').using('gin', sql`${t.street} gin_trgm_ops`),
    index('addresses_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    index('addresses_house_number_trgm_idx').using('gin', sql`${t.houseNumber} gin_trgm_ops`),
    index('addresses_zipcode_trgm_idx').using('gin', sql`${t.zipcode} gin_trgm_ops`),
    // The addresses without an activated account (the console's project overview counts them: staff-addresses).
    index('addresses_not_activated_idx').on(t.customerId).where(sql`${t.activatedAt} IS NULL`),
  ],
);

/** The people of a household; each may have an account (a password) to log in at the address. */
export const occupants = pgTable(
  'occupants',
  {
    id: serial('id').primaryKey(),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    affix: text('affix'),
    lastName: text('last_name').notNull(),
    /** M (Man), F (Vrouw) or U (Geen aanhef: letters and mails then use the name alone). */
    gender: text('gender').$type<'M' | 'F' | 'U'>().notNull().default('U'),
    emailAddress: text('email_address'),
    telephone: text('telephone'),
    mobile: text('mobile'),
    preferEmail: boolean('prefer_email').notNull().default(true),
    passwordHash: text('password_hash'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('occupants_address_idx').on(t.addressId), index('occupants_email_idx').on(t.emailAddress),
    // The staff inbox's search in the household's names (migration 0036 makes the function: first, affix, last).
    index('occupants_full_name_trgm_idx').using('gin', sql`occupant_full_name(${t.firstName}, ${t.affix}, ${t.lastName}) gin_trgm_ops`),
  ],
);

/** An occupant's name as one text, 'Jan de Vries', in SQL: the expression occupants_full_name_trgm_idx holds. */
export const occupantFullNameSql = (alias: string) => sql.raw(`occupant_full_name(${alias}.first_name, ${alias}.affix, ${alias}.last_name)`);

import { eq, sql } from 'drizzle-orm';
import {
  CONSENT_LETTER_MAX_DAYS, CONSENT_LETTER_TOKEN_ALPHABET, CONSENT_LETTER_TOKEN_LENGTH, CONSENT_LETTERS_MAX, consentLetterMessages, isDutchDate,
  supportBasePaths, type TConsentLetterAddress, type TConsentLetterForm, type TConsentLetterListQuery, type ZConsentLettersBody,
  type TConsentLetterStatus, type TConsentLettersRevoked,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addDays, amsterdamIsoDate, endOfAmsterdamDay, toDutchDate } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { lettersFilename } from '../../lib/letter-pdf.ts';
import { consentFormOf, type ConsentStaffAccess } from './consent-form.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { newLetterCode } from '../../lib/tokens.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import { customers } from '../customer/customer.table.ts';
import { type FormRow } from '../form-engine/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import { customerPortalOrigin, listProjectAddresses } from '../staff-addresses/index.ts';
import { renderConsentLetters } from './consent-letters.pdf.ts';
import {
  addressesToPrint, insertLetters, latestLetters, letterTokenHash, listConsentForms, revokeLetters, type LetterRow,
} from './consent-letters.repository.ts';
import type { ConsentTally } from './support-base.tally.ts';

type PrintBody = z.infer<typeof ZConsentLettersBody>;
type Executor = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the letters need of the rest of the server (services.ts wires it). */
export type ConsentLettersDeps = {
  db: Db;
  /** The project the staff member may work on, or 404 (staff-access.ts). */
  staffAccess: ConsentStaffAccess;
  audit: { record(ctx: StaffContext, entry: AuditEntry, tx?: Executor): Promise<void> };
  tally: Pick<ConsentTally, 'statusOf'>;
  publicUrl: string;
};

const ENTITY = 'consent-letter';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const FORM_NOT_FOUND = 'Formulier niet gevonden';
const deadlineError = (message: string) => new UnprocessableError(message, [{ field: 'deadline', message }]);

function letterStatus(row: LetterRow | undefined, form: FormRow, now: number): TConsentLetterStatus {
  if (!row) return 'none';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now || (form.deadline && form.deadline.getTime() <= now)) return 'expired';
  return 'live';
}

/**
 * The consent letters of a project's support-base forms, printed from the staff console. A letter's link
 * is a credential of its address: a random token (CONSENT_LETTER_TOKEN_LENGTH characters, about 128 bits),
 * of which only the hash is stored; the plain token exists only in the PDF that is answered once.
 * Printing an address's letter again revokes its earlier link in the same transaction; staff can revoke one
 * address's link or every link of the form. A link expires at the end of the deadline day printed on its
 * letter, and with the form (its close date or its deactivation). Every change is audited in its transaction.
 */
export function createConsentLetters(deps: ConsentLettersDeps) {
  const { db, staffAccess, audit, tally } = deps;

  const formOf = (ctx: StaffContext, projectId: number, formId: number) => consentFormOf(db, staffAccess, ctx, projectId, formId, FORM_NOT_FOUND);

  /** Prints and revokes of one form run one after the other (an address never has two live links). */
  const lockForm = (tx: Executor, formId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('consent-letters'), ${formId})`);

  /** The deadline as typed (DD-MM-YYYY): from today, within a year, not after the form's close date. */
  function checkDeadline(form: FormRow, text: string, now: Date): { isoDate: string; expiresAt: Date } {
    const typed = text.trim();
    if (!isDutchDate(typed)) throw deadlineError(consentLetterMessages.deadlineRequired);
    const isoDate = typed.split('-').reverse().join('-');
    const today = amsterdamIsoDate(now);
    if (isoDate < today) throw deadlineError(consentLetterMessages.deadlinePast);
    if (isoDate > addDays(today, CONSENT_LETTER_MAX_DAYS)) throw deadlineError(consentLetterMessages.deadlineTooFar);
    if (form.deadline && isoDate > amsterdamIsoDate(form.deadline)) throw deadlineError(consentLetterMessages.deadlineAfterClose(toDutchDate(form.deadline)));
    return { isoDate, expiresAt: endOfAmsterdamDay(isoDate) };
  }

  return {
    async forms(ctx: StaffContext, projectId: number): Promise<TConsentLetterForm[]> {
      await staffAccess.project(ctx, projectId);
      const rows = await listConsentForms(db, projectId);
      return rows.map((r) => ({
        id: r.id, name: r.name, close_date: iso(r.deadline), addresses: r.addresses, occupied: r.occupied,
        live_letters: r.liveLetters, last_printed_at: iso(r.lastPrintedAt),
      }));
    },

    /** The project's addresses (search and keyset paging as the console's address list) with consent status and letter state. */
    async addresses(ctx: StaffContext, projectId: number, formId: number, query: TConsentLetterListQuery): Promise<Page<TConsentLetterAddress>> {
      const { form } = await formOf(ctx, projectId, formId);
      const size = pageSize(query);
      const rows = await listProjectAddresses(db, { customerId: ctx.customerId, projectId }, { q: query.q?.trim() || undefined }, { before: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      const ids = page.items.map((r) => r.id);
      const [letters, statuses] = await Promise.all([latestLetters(db, form.id, ids), tally.statusOf(projectId, form.id, ids)]);
      const now = Date.now();
      return {
        hasMore: page.hasMore,
        items: page.items.map((r) => {
          const letter = letters.get(r.id);
          return {
            id: r.id, zipcode: r.zipcode, house_number: r.houseNumber, street: r.street, city: r.city, building_unit: r.buildingUnit, vacant: r.vacant,
            consent_status: statuses.get(r.id) ?? 'not_started',
            letter: {
              status: letterStatus(letter, form, now), printed_at: iso(letter?.createdAt ?? null), printed_by: letter?.createdBy ?? null,
              expires_at: iso(letter?.expiresAt ?? null), revoked_at: iso(letter?.revokedAt ?? null),
            },
          };
        }),
      };
    },

    /**
     * New links for the addresses (each revoking the address's earlier link) and their letters as one PDF.
     * The PDF is made before anything is stored, so a failure leaves the earlier letters working.
     */
    async print(ctx: StaffContext, projectId: number, formId: number, body: PrintBody): Promise<{ pdf: Buffer; count: number; filename: string }> {
      const { project, form } = await formOf(ctx, projectId, formId);
      const now = new Date();
      const { expiresAt } = checkDeadline(form, body.deadline, now);
      const ids = body.address_ids ? [...new Set(body.address_ids)] : null;
      const rows = await addressesToPrint(db, projectId, ids ? { ids } : 'occupied');
      if (ids && rows.length !== ids.length) throw new NotFoundError(consentLetterMessages.notInProject);
      if (!rows.length) throw new UnprocessableError(consentLetterMessages.nothingToPrint);
      if (rows.length > CONSENT_LETTERS_MAX) throw new UnprocessableError(consentLetterMessages.tooMany);

      const [customer] = await db.select().from(customers).where(eq(customers.id, ctx.customerId)).limit(1);
      if (!customer) throw new NotFoundError();
      const origin = customerPortalOrigin(customer, deps.publicUrl);
      const letters = rows.map((r) => {
        const token = newLetterCode(CONSENT_LETTER_TOKEN_ALPHABET, CONSENT_LETTER_TOKEN_LENGTH);
        return { ...r, token, url: `${origin}${supportBasePaths.letterPage(form.id, token)}` };
      });
      const deadline = toDutchDate(expiresAt);
      const pdf = await renderConsentLetters({
        customerName: customer.name, color: customer.colorPrimary, website: customer.website, projectName: project.name, formName: form.name,
        deadline, usesSms: form.useSmsAuthentication, date: now, letters,
      });
      const addressIds = letters.map((l) => l.id);
      await db.transaction(async (tx) => {
        await lockForm(tx, form.id);
        const replaced = await revokeLetters(tx, form.id, ctx.userId, addressIds);
        await insertLetters(tx, form.id, ctx.userId, expiresAt, letters.map((l) => ({ addressId: l.id, tokenHash: letterTokenHash(l.token) })));
        await audit.record(ctx, {
          action: 'print-letters', entity: ENTITY, entityId: form.id, projectId,
          after: { form: form.name, address_ids: addressIds, count: letters.length, replaced, deadline, expires_at: expiresAt.toISOString() },
        }, tx);
      });
      return { pdf, count: letters.length, filename: lettersFilename('draagvlakbrieven', form.name, now) };
    },

    /** One address's link stops working (409 when it has none left to revoke). */
    async revokeOne(ctx: StaffContext, projectId: number, formId: number, addressId: number): Promise<TConsentLettersRevoked> {
      const { form } = await formOf(ctx, projectId, formId);
      const [address] = await addressesToPrint(db, projectId, { ids: [addressId] });
      if (!address) throw new NotFoundError('Adres niet gevonden');
      const revoked = await db.transaction(async (tx) => {
        await lockForm(tx, form.id);
        const n = await revokeLetters(tx, form.id, ctx.userId, [addressId]);
        if (!n) throw new ConflictError('Dit adres heeft geen brief die nog kan worden ingetrokken.');
        await audit.record(ctx, {
          action: 'revoke-letter', entity: ENTITY, entityId: form.id, projectId,
          after: { form: form.name, address_id: addressId, address: `${address.street} ${address.houseNumber}`, revoked: n },
        }, tx);
        return n;
      });
      return { success: true, revoked };
    },

    /** Every link of the form stops working (the campaign is closed, or letters went astray). */
    async revokeAll(ctx: StaffContext, projectId: number, formId: number): Promise<TConsentLettersRevoked> {
      const { form } = await formOf(ctx, projectId, formId);
      const revoked = await db.transaction(async (tx) => {
        await lockForm(tx, form.id);
        const n = await revokeLetters(tx, form.id, ctx.userId);
        await audit.record(ctx, { action: 'revoke-letters', entity: ENTITY, entityId: form.id, projectId, after: { form: form.name, revoked: n } }, tx);
        return n;
      });
      return { success: true, revoked };
    },
  };
}
export type ConsentLetters = ReturnType<typeof createConsentLetters>;

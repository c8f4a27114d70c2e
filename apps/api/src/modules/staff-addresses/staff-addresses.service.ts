import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH, ACTIVATION_LETTERS_MAX, ADDRESS_EXPORT_MAX, ADDRESS_IMPORT_MAX_BYTES, ADDRESS_STATUS_LABELS, ADDRESS_IMPORT_MAX_ROWS,
  addressFromRecord, addressMessages, checkAddressDetails, checkAddressRows, formatPostcode, mapAddressColumns, missingColumnsMessage, overlongImportField,
  type TAddressImportPreview, type TAddressImportResult, type TAddressImportRow, type TAddressInput,
  type TStaffAddress, type TStaffAddressExportQuery, type TStaffAddressListQuery, type TStaffAddressSummary, type TStaffAddressUpdateBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, amsterdamIsoDate, endOfAmsterdamDay } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { lettersFilename } from '../../lib/letter-pdf.ts';
import { exportTable, type ExportColumn, type ExportFile } from '../../lib/table-export.ts';
import { hashToken, newLetterCode } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SessionStore } from '../auth/session.store.ts';
import { customers } from '../customer/customer.table.ts';
import type { ProjectService } from '../project/project.service.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import { renderActivationLetters } from './activation-letters.pdf.ts';
import {
  addressesForLetters, findCustomerAddresses, findProjectAddress, hasOccupant, listProjectAddresses, resetAddressAccount,
  storeCodeHashes, summarizeProjectAddresses, updateProjectAddress, writeImport, type AddressListRow, type ProjectScope,
} from './staff-addresses.repository.ts';

type Deps = {
  db: Db;
  staffAccess: StaffAccess;
  audit: AuditService;
  auth: AuthService;
  sessions: SessionStore;
  projects: ProjectService;
  publicUrl: string;
  activationCodeDays: number;
};

export const staffAddressTexts = {
  unreadable: (line: number) => `Het bestand is niet te lezen als CSV: op regel ${line} wordt een aanhalingsteken niet gesloten.`,
  tooLarge: 'Het bestand is groter dan 2 MB. Splits het bestand en importeer de delen na elkaar.',
  tooManyRows: `Het bestand bevat meer dan ${ADDRESS_IMPORT_MAX_ROWS} adressen. Splits het bestand en importeer de delen na elkaar.`,
  empty: 'Het bestand bevat geen adressen.',
  rowsInvalid: 'Er staan nog fouten in de adressen. Verbeter ze in het voorbeeld en importeer daarna.',
  notInProject: 'Een of meer adressen horen niet bij dit project.',
  alreadyActivated: (list: string) => `Deze adressen hebben al een account: ${list}. Reset eerst het account om een nieuwe code te maken.`,
  nothingToPrint: 'Alle adressen van dit project hebben al een account: er zijn geen brieven te maken.',
  tooManyLetters: `Maak brieven voor hoogstens ${ACTIVATION_LETTERS_MAX} adressen tegelijk.`,
  activatedMeanwhile: 'Een van de adressen is intussen geactiveerd. Maak de brieven opnieuw.',
  noResident: 'Op dit adres is nog geen bewoner bekend: het portaal kan pas als bewoner worden geopend als er een bewoner is.',
} as const;

/** A single-use code from an alphabet without look-alikes (16 characters: about 79 bits). */
export function newActivationCode(): string {
  return newLetterCode(ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH);
}

/**
 * Where a customer's residents reach the portal: the portal's own address when it answers there (PUBLIC_URL
 * is one of the customer's host names, or the customer takes any host), else the customer's first host name.
 */
export function customerPortalOrigin(customer: { domains: string[] }, publicUrl: string): string {
  const base = new URL(publicUrl);
  const hosts = customer.domains.filter((d) => d && d !== '*');
  return customer.domains.includes('*') || !hosts.length || hosts.includes(base.hostname) ? base.origin : `${base.protocol}//${hosts[0]}`;
}

/** The resident's login page of a customer: its occupant login address when that is a full URL, else that path on customerPortalOrigin. */
export function residentLoginUrl(customer: { domains: string[]; loginUrlOccupants: string }, publicUrl: string): string {
  if (/^https?:\/\//i.test(customer.loginUrlOccupants)) return customer.loginUrlOccupants;
  const path = customer.loginUrlOccupants.startsWith('/') ? customer.loginUrlOccupants : `/${customer.loginUrlOccupants}`;
  return `${customerPortalOrigin(customer, publicUrl)}${path}`;
}

/** The last second of the Amsterdam calendar day `days` after today: a code 'valid until and including' that date. */
export function codeExpiry(now: Date, days: number): Date {
  return endOfAmsterdamDay(addDays(amsterdamIsoDate(now), days));
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toStaffAddress(row: AddressListRow): TStaffAddress {
  return {
    id: row.id, zipcode: row.zipcode, house_number: row.houseNumber, street: row.street, city: row.city, lat: row.lat, lng: row.lng,
    building_unit: row.buildingUnit, vacant: row.vacant, status: row.status,
    activated_at: iso(row.activatedAt),
    code_expires_at: row.status === 'code' || row.status === 'code-expired' ? iso(row.activationExpiresAt) : null,
    last_login_at: iso(row.lastLoginAt), household_members: row.members, accounts: row.accounts,
  };
}

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);
const ADDRESS_EXPORT_COLUMNS: ExportColumn<TStaffAddress>[] = [
  { header: 'Postcode', value: (a) => a.zipcode },
  { header: 'Huisnummer', value: (a) => a.house_number },
  { header: 'Straat', value: (a) => a.street },
  { header: 'Plaats', value: (a) => a.city },
  { header: 'Bouwkundige eenheid', value: (a) => a.building_unit },
  { header: 'Leegstaand', value: (a) => a.vacant },
  { header: 'Status', value: (a) => ADDRESS_STATUS_LABELS[a.status] },
  { header: 'Geactiveerd op', value: (a) => dateOf(a.activated_at), kind: 'date' },
  { header: 'Code geldig tot', value: (a) => dateOf(a.code_expires_at), kind: 'date' },
  { header: 'Laatst ingelogd', value: (a) => dateOf(a.last_login_at), kind: 'date' },
  { header: 'Huisgenoten', value: (a) => a.household_members, kind: 'number' },
  { header: 'Accounts', value: (a) => a.accounts, kind: 'number' },
];

type RowInput = TAddressInput & { line: number };

/** The file's records: the delimiter is the one the header line uses most (a Dutch file's ';' with decimal commas). */
function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const header = body.slice(0, body.search(/\r?\n|$/));
  const counts = [';', ',', '\t', '|'].map((d) => ({ d, n: header.replace(/"[^"]*"/g, '').split(d).length - 1 }));
  const delimiter = counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
  const result = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const broken = result.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new UnprocessableError(staffAddressTexts.unreadable((broken.row ?? 0) + 1));
  return result.data;
}

/** The CSV file as address inputs, each with its line in the file (the header is line 1). */
function rowsFromCsv(text: string): { rows: RowInput[]; ignored: string[] } {
  if (Buffer.byteLength(text, 'utf8') > ADDRESS_IMPORT_MAX_BYTES) throw new UnprocessableError(staffAddressTexts.tooLarge);
  const records = parseCsv(text);
  const headerAt = records.findIndex((r) => r.some((v) => v.trim()));
  if (headerAt === -1) throw new UnprocessableError(staffAddressTexts.empty);
  const { columns, ignored, missing } = mapAddressColumns(records[headerAt]!);
  if (missing.length) throw new UnprocessableError(missingColumnsMessage(missing));
  const rows: RowInput[] = [];
  records.forEach((record, i) => {
    if (i <= headerAt || !record.some((v) => v.trim())) return;
    const row = { line: i + 1, ...addressFromRecord(record, columns) };
    // A value longer than the preview's answer may hold is no address: the file is refused naming the row.
    const overlong = overlongImportField(row);
    if (overlong) {
      const message = addressMessages.importFieldTooLong(row.line, overlong);
      throw new UnprocessableError(message, [{ field: 'csv', message }]);
    }
    rows.push(row);
  });
  if (!rows.length) throw new UnprocessableError(staffAddressTexts.empty);
  if (rows.length > ADDRESS_IMPORT_MAX_ROWS) throw new UnprocessableError(staffAddressTexts.tooManyRows);
  return { rows, ignored };
}

/**
 * Addresses and residents of a project in the staff console: the list with each address's status, the
 * CSV import (a preview that writes nothing, then the same rows confirmed), editing, activation letters
 * with new codes, an account reset and opening the portal as the resident. Every change is audited.
 */
export function createStaffAddressesService(deps: Deps) {
  const { db, staffAccess, audit } = deps;

  async function scopeOf(ctx: StaffContext, projectId: number): Promise<ProjectScope> {
    await staffAccess.project(ctx, projectId);
    return { customerId: ctx.customerId, projectId };
  }

  async function addressOf(scope: ProjectScope, addressId: number): Promise<AddressListRow> {
    const row = await findProjectAddress(db, scope, addressId);
    if (!row) throw new NotFoundError('Adres niet gevonden');
    return row;
  }

  /** Each row checked on its own, against the file's earlier rows, and against the customer's addresses. */
  async function evaluate(scope: ProjectScope, inputs: RowInput[]): Promise<TAddressImportRow[]> {
    const checked = checkAddressRows(inputs);
    const zipcodes = [...new Set(checked.flatMap((c) => (c.values ? [c.values.zipcode] : [])))];
    const existing = await findCustomerAddresses(db, scope, zipcodes);
    const byKey = new Map(existing.map((e) => [`${e.zipcode} ${e.houseNumber}`, e]));
    return checked.map(({ row, values, errors }) => {
      const found = values ? byKey.get(`${values.zipcode} ${values.house_number}`) : undefined;
      const { line, ...input } = row;
      return {
        line, input, values, errors,
        action: values ? (found ? 'existing' : 'new') : null,
        address_id: found?.id ?? null,
        in_project: found?.inProject ?? false,
      };
    });
  }

  return {
    async list(ctx: StaffContext, projectId: number, query: TStaffAddressListQuery): Promise<Page<TStaffAddress>> {
      const scope = await scopeOf(ctx, projectId);
      const size = pageSize(query);
      const rows = await listProjectAddresses(db, scope, { q: query.q?.trim() || undefined, status: query.status }, { before: query.before, limit: size + 1 });
      const page = toPage(rows, size);
      return { items: page.items.map(toStaffAddress), hasMore: page.hasMore };
    },

    /** The list with its filters as a file (every address, in the list's order). */
    async exportList(ctx: StaffContext, projectId: number, query: TStaffAddressExportQuery): Promise<ExportFile> {
      const scope = await scopeOf(ctx, projectId);
      const rows = await listProjectAddresses(db, scope, { q: query.q?.trim() || undefined, status: query.status }, { limit: ADDRESS_EXPORT_MAX });
      return exportTable(query.format, `adressen-project-${projectId}`, ADDRESS_EXPORT_COLUMNS, rows.map(toStaffAddress));
    },

    async summary(ctx: StaffContext, projectId: number): Promise<TStaffAddressSummary> {
      const counts = await summarizeProjectAddresses(db, await scopeOf(ctx, projectId));
      return {
        total: counts.activated + counts.code + counts['code-expired'] + counts.none,
        activated: counts.activated,
        code: counts.code,
        without_account: counts.code + counts['code-expired'] + counts.none,
      };
    },

    /** Nothing is written: the rows as they would be imported, with their errors in Dutch. */
    async preview(ctx: StaffContext, projectId: number, body: { csv: string } | { rows: RowInput[] }): Promise<TAddressImportPreview> {
      const scope = await scopeOf(ctx, projectId);
      const { rows: inputs, ignored } = 'csv' in body ? rowsFromCsv(body.csv) : { rows: body.rows, ignored: [] };
      if (!inputs.length) throw new UnprocessableError(staffAddressTexts.empty);
      const rows = await evaluate(scope, inputs);
      return {
        rows,
        counts: {
          rows: rows.length,
          invalid: rows.filter((r) => r.errors.length).length,
          new: rows.filter((r) => r.action === 'new').length,
          existing: rows.filter((r) => r.action === 'existing').length,
        },
        ignored_columns: ignored,
      };
    },

    /** The previewed rows, checked again; refused as a whole while any row has an error; one transaction, one audit entry. */
    async confirmImport(ctx: StaffContext, projectId: number, inputs: RowInput[]): Promise<TAddressImportResult> {
      const scope = await scopeOf(ctx, projectId);
      const rows = await evaluate(scope, inputs);
      const bad = rows.filter((r) => r.errors.length);
      if (bad.length) {
        throw new UnprocessableError(staffAddressTexts.rowsInvalid, bad.slice(0, 50).flatMap((r) =>
          r.errors.map((e) => ({ field: `rows.${rows.indexOf(r)}.${e.field}`, message: `Regel ${r.line}: ${e.message}` }))));
      }
      const result = await db.transaction(async (tx) => {
        const written = await writeImport(tx, scope, rows.map((r) => r.values!));
        await audit.record(ctx, { action: 'import', entity: 'address', projectId, after: written }, tx);
        return written;
      });
      await deps.projects.invalidateProjectMembership(projectId);
      return { success: true, ...result };
    },

    async update(ctx: StaffContext, projectId: number, addressId: number, body: TStaffAddressUpdateBody): Promise<TStaffAddress> {
      const scope = await scopeOf(ctx, projectId);
      const before = await addressOf(scope, addressId);
      const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
      const { values, errors } = checkAddressDetails({ street: body.street, city: body.city, building_unit: text(body.building_unit), lat: text(body.lat), lng: text(body.lng) });
      if (errors.length) throw new UnprocessableError(undefined, errors);
      const fields = (r: { street: string; city: string; lat: number | null; lng: number | null; buildingUnit: string | null; vacant: boolean }) =>
        ({ street: r.street, city: r.city, lat: r.lat, lng: r.lng, building_unit: r.buildingUnit, vacant: r.vacant });
      const next = { street: values.street, city: values.city, lat: values.lat, lng: values.lng, buildingUnit: values.building_unit, vacant: body.vacant };
      await db.transaction(async (tx) => {
        await updateProjectAddress(tx, scope, addressId, next);
        await audit.record(ctx, { action: 'update', entity: 'address', entityId: addressId, projectId, before: fields(before), after: fields(next) }, tx);
      });
      await deps.projects.invalidateProjectMembership(projectId);
      return toStaffAddress(await addressOf(scope, addressId));
    },

    /**
     * New codes for the addresses (replacing, and so revoking, any earlier code) and their letters as one
     * PDF. The PDF is made before the codes are stored, so a failure leaves the earlier letters working;
     * the plain codes exist only in the PDF.
     */
    async activationLetters(ctx: StaffContext, projectId: number, body: { address_ids?: number[]; all_without_account?: true }): Promise<{ pdf: Buffer; count: number; filename: string }> {
      const project = await staffAccess.project(ctx, projectId);
      const scope = { customerId: ctx.customerId, projectId };
      const ids = body.address_ids ? [...new Set(body.address_ids)] : null;
      const rows = await addressesForLetters(db, scope, ids ? { ids } : 'without-account');
      if (ids) {
        if (rows.length !== ids.length) throw new NotFoundError(staffAddressTexts.notInProject);
        const active = rows.filter((r) => r.status === 'activated');
        if (active.length) {
          const list = active.slice(0, 5).map((r) => `${r.street} ${r.houseNumber}`).join(', ') + (active.length > 5 ? ` en ${active.length - 5} meer` : '');
          throw new ConflictError(staffAddressTexts.alreadyActivated(list));
        }
      }
      if (!rows.length) throw new UnprocessableError(staffAddressTexts.nothingToPrint);
      if (rows.length > ACTIVATION_LETTERS_MAX) throw new UnprocessableError(staffAddressTexts.tooManyLetters);

      const [customer] = await db.select().from(customers).where(eq(customers.id, ctx.customerId)).limit(1);
      if (!customer) throw new NotFoundError();
      const now = new Date();
      const expiresAt = codeExpiry(now, deps.activationCodeDays);
      const letters = rows.map((r) => ({ id: r.id, street: r.street, houseNumber: r.houseNumber, zipcode: r.zipcode, city: r.city, code: newActivationCode() }));
      const pdf = await renderActivationLetters({
        customerName: customer.name, color: customer.colorPrimary, website: customer.website, projectName: project.name,
        loginUrl: residentLoginUrl(customer, deps.publicUrl), expiresAt, date: now, letters,
      });
      await db.transaction(async (tx) => {
        // The login compares the hash of the code as typed, normalised (letters and digits, upper case).
        const stored = await storeCodeHashes(tx, ctx.customerId, letters.map((l) => ({ addressId: l.id, hash: hashToken(l.code) })), expiresAt);
        if (stored !== letters.length) throw new ConflictError(staffAddressTexts.activatedMeanwhile);
        await audit.record(ctx, {
          action: 'codes', entity: 'address', projectId,
          after: { address_ids: letters.map((l) => l.id), count: letters.length, expires_at: expiresAt.toISOString() },
        }, tx);
      });
      return { pdf, count: letters.length, filename: lettersFilename('activatiebrieven', project.name, now) };
    },

    /** Every resident of the address loses their password and sessions; the address can be activated again with a new code. */
    async reset(ctx: StaffContext, projectId: number, addressId: number): Promise<TStaffAddress> {
      const scope = await scopeOf(ctx, projectId);
      const before = await addressOf(scope, addressId);
      const occupantIds = await db.transaction(async (tx) => {
        const ids = await resetAddressAccount(tx, ctx.customerId, addressId);
        await audit.record(ctx, {
          action: 'reset', entity: 'address', entityId: addressId, projectId,
          before: { status: before.status, activated_at: iso(before.activatedAt), accounts: before.accounts },
          after: { status: 'none', activated_at: null, accounts: 0 },
        }, tx);
        return ids;
      });
      for (const id of occupantIds) await deps.sessions.revokeOccupant(id);
      return toStaffAddress(await addressOf(scope, addressId));
    },

    /** A /setlogin link (the login-link ticket: single use, 15 minutes) that opens the portal as the address's resident. */
    async openAsResident(ctx: StaffContext, projectId: number, addressId: number): Promise<{ url: string; expiresAt: Date }> {
      const scope = await scopeOf(ctx, projectId);
      const address = await addressOf(scope, addressId);
      // The ticket is redeemed for one session acting for this address alone (auth.service); the route asks login-links.create.
      if (!(await hasOccupant(db, address.id))) throw new ConflictError(staffAddressTexts.noResident);
      const { token, expiresAt } = await deps.auth.issueLoginLink(ctx.userId, address.id);
      await audit.record(ctx, {
        action: 'open-as-resident', entity: 'address', entityId: address.id, projectId,
        after: { address: `${address.street} ${address.houseNumber}, ${formatPostcode(address.zipcode)} ${address.city}` },
      });
      // Logo, website and colours are left to the project ('-'): /setlogin/{token}/{logo}/{website}/{primary}.
      return { url: `/setlogin/${encodeURIComponent(token)}/-/-/-`, expiresAt };
    },
  };
}
export type StaffAddressesService = ReturnType<typeof createStaffAddressesService>;

import { ZipArchive } from 'archiver';
import { and, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import {
  occupantFullName as wireFullName, PERSONAL_DATA_CATEGORIES, PERSONAL_DATA_FIELD_LABELS, PERSONAL_DATA_EXPORT_DAYS, personalDataTexts as texts,
  type TErasureLine, type TErasurePlan, type TPersonalDataAddress, type TPersonalDataCategory, type TPersonalDataExport,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, HttpError, NotFoundError } from '../../lib/errors.ts';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import { portalPdf } from '../../lib/pdf-document.ts';
import type { InvalidationBus } from '../../lib/invalidation.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { addresses, occupants } from '../address/address.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { deleteUnreferencedFiles, readAll, type FilesService } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { addressProjects } from '../project/project.table.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import {
  COLLECTORS, consentHeldEntries, ERASE_ORDER, paymentHeldEntries, type EraseContext, type Section, type Subject,
} from './personal-data.collectors.ts';
import { personalDataExports } from './personal-data.table.ts';

type Deps = {
  db: Db;
  audit: AuditService;
  files: FilesService;
  jobs: JobQueue;
  mailer: Pick<Mailer, 'send'>;
  /** Ends erased sessions in every process's session cache (topic 'session', as the session store listens). */
  bus: Pick<InvalidationBus, 'publish'>;
  publicUrl: string;
  log: (error: unknown, msg: string) => void;
};

/** The caller of a resident route: their session's occupant at their address. */
export type ResidentCaller = { occupantId: number | null; addressId: number | null; customerId: number | null };

const OWNER = 'personal-data';
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const dutchDate = (d: Date) => d.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const occupantFullName = (o: { firstName: string; affix: string | null; lastName: string }) => wireFullName({ first_name: o.firstName, affix: o.affix, last_name: o.lastName });
/** A value as the PDF shows it: moments as DD-MM-YYYY HH:mm (Europe/Amsterdam), yes/no in Dutch, lists and objects as JSON. */
function readable(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (value instanceof Date) return dutchDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T').replace(/\+00$/, 'Z')))) {
    return dutchDate(new Date(value.replace(' ', 'T').replace(/\+00$/, 'Z')));
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
const notFound = () => new NotFoundError(texts.notFound);
const addressLabel = (a: { street: string; houseNumber: string; zipcode: string; city: string }) =>
  `${a.street} ${a.houseNumber}, ${a.zipcode.replace(/^(\d{4})([A-Z]{2})$/, '$1 $2')} ${a.city}`;

/** The export's JSON document: one section per category, what the portal holds, as stored. */
export type PersonalDataDocument = {
  made_at: string;
  scope: 'person' | 'address';
  subject: string;
  sections: Array<{ category: TPersonalDataCategory; title: string; count: number; note?: string; records: Record<string, unknown>[] }>;
};

export function createPersonalDataService(deps: Deps) {
  const { db, audit, files, jobs, mailer, bus, publicUrl, log } = deps;

  /** The address in the project of the console's customer, or 404 (another customer's or project's address). */
  async function projectAddress(customerId: number, projectId: number, addressId: number) {
    const [row] = await db.select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
      .from(addresses).innerJoin(addressProjects, eq(addressProjects.addressId, addresses.id))
      .where(and(eq(addresses.customerId, customerId), eq(addressProjects.projectId, projectId), eq(addresses.id, addressId))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function householdOf(addressId: number) {
    return db.select().from(occupants).where(eq(occupants.addressId, addressId)).orderBy(desc(occupants.isMain), occupants.id);
  }

  /** The subject of an export or erasure: one occupant (of this address) or every occupant of the address. */
  async function subjectOf(ex: Queryable, customerId: number, addressId: number, occupantId: number | null): Promise<Subject> {
    const household = await ex.select().from(occupants).where(eq(occupants.addressId, addressId));
    const people = occupantId === null ? household : household.filter((o) => o.id === occupantId);
    if (occupantId !== null && !people.length) throw notFound();
    const emails = new Set<string>();
    const phones = new Set<string>();
    for (const o of people) {
      if (o.emailAddress) emails.add(o.emailAddress.toLowerCase());
      for (const p of [o.telephone, o.mobile]) {
        const digits = (p ?? '').replace(/\D/g, '');
        if (digits.length >= 9) phones.add(digits.slice(-9));
      }
    }
    return { customerId, addressId, scope: occupantId === null ? 'address' : 'person', occupantIds: people.map((o) => o.id), emails: [...emails], phones: [...phones] };
  }

  /**
   * Who becomes the holder when the holder of a household that stays is erased: a member with an account (the longest
   * registered), else the longest registered member (the address is then activated anew). Erasure is a right: the
   * holder is never refused, the household keeps a holder.
   */
  function successorOf(person: { id: number; isMain: boolean }, household: Array<typeof occupants.$inferSelect>) {
    if (!person.isMain) return null;
    const others = household.filter((o) => o.id !== person.id);
    return others.find((o) => o.passwordHash !== null) ?? others[0] ?? null;
  }

  function toExport(row: typeof personalDataExports.$inferSelect, now = new Date()): TPersonalDataExport {
    return {
      id: row.id, scope: row.scope, subject: row.subject, requested_by: row.requestedBy, created_by: row.createdBy, status: row.status,
      created_at: iso(row.createdAt)!, expires_at: iso(row.expiresAt)!, downloadable: row.status === 'done' && row.fileId !== null && row.expiresAt > now,
    };
  }

  // ---- the console ------------------------------------------------------------------------------

  async function addressView(ctx: StaffContext, projectId: number, addressId: number, canErase: boolean): Promise<TPersonalDataAddress> {
    const a = await projectAddress(ctx.customerId, projectId, addressId);
    const household = await householdOf(addressId);
    const exports = await db.select().from(personalDataExports).where(eq(personalDataExports.addressId, addressId)).orderBy(desc(personalDataExports.id)).limit(20);
    return {
      id: a.id, label: addressLabel(a), can_erase: canErase,
      occupants: household.map((o) => ({
        id: o.id, name: occupantFullName(o), is_main: o.isMain, has_account: o.passwordHash !== null, erase_refusal: null,
      })),
      exports: exports.map((e) => toExport(e)),
    };
  }

  async function startStaffExport(ctx: StaffContext, projectId: number, addressId: number, occupantId: number | null): Promise<TPersonalDataExport> {
    const a = await projectAddress(ctx.customerId, projectId, addressId);
    const person = occupantId === null ? null : (await householdOf(addressId)).find((o) => o.id === occupantId);
    if (occupantId !== null && !person) throw notFound();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(personalDataExports).values({
        customerId: ctx.customerId, addressId, occupantId, scope: occupantId === null ? 'address' : 'person',
        subject: person ? occupantFullName(person) : addressLabel(a), requestedBy: 'staff', userId: ctx.userId, createdBy: ctx.name,
        expiresAt: new Date(Date.now() + PERSONAL_DATA_EXPORT_DAYS * 86_400_000),
      }).returning();
      await jobs.add('personal-data-export', { exportId: created!.id }, { tx, jobKey: `personal-data-export-${created!.id}`, maxAttempts: 3 });
      await audit.record(ctx, {
        action: 'personal-data-export', entity: occupantId === null ? 'address' : 'occupant', entityId: occupantId ?? addressId, projectId,
        after: { export: created!.id, address_id: addressId, scope: created!.scope },
      }, tx);
      return created!;
    });
    return toExport(row);
  }

  async function staffExportFile(ctx: StaffContext, projectId: number, addressId: number, exportId: number) {
    await projectAddress(ctx.customerId, projectId, addressId);
    const [row] = await db.select().from(personalDataExports)
      .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.addressId, addressId), eq(personalDataExports.customerId, ctx.customerId))).limit(1);
    if (!row) throw notFound();
    const file = await readyFile(row, 'zip');
    await audit.record(ctx, { action: 'personal-data-export-download', entity: row.scope === 'person' ? 'occupant' : 'address', entityId: row.occupantId ?? addressId, projectId, after: { export: row.id, address_id: addressId } });
    return file;
  }

  async function readyFile(row: typeof personalDataExports.$inferSelect, kind: 'zip' | 'pdf') {
    if (row.status !== 'done') throw new ConflictError(row.status === 'failed' ? 'De export is mislukt. Maak een nieuwe.' : texts.notReady);
    const id = kind === 'zip' ? row.fileId : row.pdfFileId;
    const file = id !== null && row.expiresAt > new Date() ? await files.find(id) : null;
    const body = file ? await readAll(files.storage, file.key) : null;
    if (!file || !body) throw new ConflictError(texts.linkExpired);
    return { body, filename: file.filename, contentType: file.mime };
  }

  // ---- the resident -----------------------------------------------------------------------------

  async function requestResidentExport(caller: ResidentCaller): Promise<void> {
    if (!caller.occupantId || !caller.addressId || !caller.customerId) throw notFound();
    const [person] = await db.select().from(occupants).where(and(eq(occupants.id, caller.occupantId), eq(occupants.addressId, caller.addressId))).limit(1);
    if (!person) throw notFound();
    if (!person.emailAddress) throw new ConflictError(texts.noEmail);
    const [recent] = await db.select({ id: personalDataExports.id }).from(personalDataExports)
      .where(and(eq(personalDataExports.occupantId, person.id), eq(personalDataExports.requestedBy, 'resident'), gt(personalDataExports.createdAt, sql`now() - interval '1 day'`))).limit(1);
    if (recent) throw new HttpError(429, texts.tooMany);
    await db.transaction(async (tx) => {
      const [created] = await tx.insert(personalDataExports).values({
        customerId: caller.customerId!, addressId: caller.addressId!, occupantId: person.id, scope: 'person', subject: occupantFullName(person),
        requestedBy: 'resident', email: person.emailAddress, expiresAt: new Date(Date.now() + PERSONAL_DATA_EXPORT_DAYS * 86_400_000),
      }).returning({ id: personalDataExports.id });
      await jobs.add('personal-data-export', { exportId: created!.id }, { tx, jobKey: `personal-data-export-${created!.id}`, maxAttempts: 3 });
    });
  }

  // ---- the e-mailed link ------------------------------------------------------------------------

  async function byToken(token: string) {
    const [row] = await db.select().from(personalDataExports).where(eq(personalDataExports.tokenHash, hashToken(token))).limit(1);
    return row && row.expiresAt > new Date() && row.status === 'done' && row.fileId !== null ? row : null;
  }

  /** The page behind the e-mail's link: the two downloads, or a clear Dutch message (410) when expired or unknown. */
  async function downloadPage(token: string): Promise<{ status: number; html: string }> {
    const row = await byToken(token);
    const style = '<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}.page{max-width:40rem;margin:0 auto;padding:1.5rem}'
      + 'h1{font-size:1.5rem}a.button{display:inline-block;margin:.5rem 0;padding:.75rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600}'
      + 'a.button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}ul{list-style:none;padding:0}</style>';
    if (!row) {
      return { status: 410, html: htmlPage({ title: texts.linkExpired, head: style, body: `<h1>${escapeHtml(texts.linkExpired)}</h1><p>${escapeHtml(texts.linkExpiredHelp)}</p>` }) };
    }
    const base = `${publicUrl}/api/personal-data/download/${encodeURIComponent(token)}`;
    const body = `<h1>${escapeHtml(texts.pageTitle)}</h1><p>${escapeHtml(texts.pageIntro(dutchDate(row.expiresAt)))}</p>
<ul><li><a class="button" href="${escapeHtml(`${base}/pdf`)}">${escapeHtml(texts.pdfLink)}</a></li>
<li><a class="button" href="${escapeHtml(`${base}/zip`)}">${escapeHtml(texts.zipLink)}</a></li></ul>`;
    return { status: 200, html: htmlPage({ title: texts.pageTitle, head: style, body }) };
  }

  async function downloadFile(token: string, kind: 'zip' | 'pdf') {
    const row = await byToken(token);
    if (!row) return null;
    return readyFile(row, kind);
  }

  // ---- the job ----------------------------------------------------------------------------------

  /** Everything the portal holds about the subject, per category (the export's JSON and the PDF's chapters). */
  async function collect(subject: Subject, name: string): Promise<{ document: PersonalDataDocument; sections: Map<TPersonalDataCategory, Section> }> {
    const sections = new Map<TPersonalDataCategory, Section>();
    for (const collector of COLLECTORS) sections.set(collector.category, await collector.collect(db, subject));
    return {
      sections,
      document: {
        made_at: new Date().toISOString(), scope: subject.scope, subject: name,
        sections: COLLECTORS.map(({ category }) => {
          const s = sections.get(category)!;
          return { category, title: PERSONAL_DATA_CATEGORIES[category], count: s.rows.length, ...(s.note ? { note: s.note } : {}), records: s.rows };
        }),
      },
    };
  }

  async function runExport(payload: Record<string, unknown>): Promise<void> {
    const [row] = await db.select().from(personalDataExports).where(eq(personalDataExports.id, Number(payload.exportId))).limit(1);
    if (!row || row.status === 'done' || row.status === 'failed' || row.addressId === null) return;
    const set = (values: Partial<typeof personalDataExports.$inferInsert>) => db.update(personalDataExports).set(values).where(eq(personalDataExports.id, row.id));
    try {
      await set({ status: 'running' });
      const subject = await subjectOf(db, row.customerId, row.addressId, row.scope === 'person' ? row.occupantId : null);
      const { document, sections } = await collect(subject, row.subject);
      const json = Buffer.from(JSON.stringify(document, null, 2));
      const pdf = await renderPdf(document);
      const zip = await zipOf(json, pdf, [...sections.values()].flatMap((s) => s.files));
      const base = `gegevens-${row.id}`;
      const [zipFile, pdfFile] = await files.storeMany([
        { filename: `${base}.zip`, mime: 'application/zip', data: zip, owner: OWNER },
        { filename: `${base}.pdf`, mime: 'application/pdf', data: pdf, owner: OWNER },
      ] as const);
      const token = row.requestedBy === 'resident' ? newToken(32) : null;
      await set({ status: 'done', fileId: zipFile.id, pdfFileId: pdfFile.id, tokenHash: token ? hashToken(token) : null, finishedAt: new Date() });
      if (token && row.email) {
        const url = `${publicUrl}/api/personal-data/download/${token}`;
        await mailer.send({ to: row.email, subject: texts.mailSubject, text: texts.mailBody(row.subject, url, dutchDate(row.expiresAt)) });
      }
    } catch (error) {
      log(error, 'personal data export failed');
      await set({ status: 'failed', error: 'De export is mislukt.', finishedAt: new Date() });
    }
  }

  async function zipOf(json: Buffer, pdf: Buffer, refs: Array<{ fileId: number; path: string }>): Promise<Buffer> {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise<void>((resolve, reject) => {
      archive.on('end', () => resolve());
      archive.on('error', reject);
    });
    archive.append(json, { name: 'gegevens.json' });
    archive.append(pdf, { name: 'gegevens.pdf' });
    const seen = new Set<string>();
    for (const ref of refs) {
      if (seen.has(ref.path)) continue;
      seen.add(ref.path);
      const file = await files.find(ref.fileId);
      const body = file ? await readAll(files.storage, file.key) : null;
      if (body) archive.append(body, { name: `bestanden/${ref.path}` });
    }
    await archive.finalize();
    await finished;
    return Buffer.concat(chunks);
  }

  /** The readable overview: a chapter per category with its records as label/value lines. */
  async function renderPdf(document: PersonalDataDocument): Promise<Buffer> {
    const { doc, bytes } = portalPdf({
      margin: 50, info: { Title: `Uw gegevens: ${document.subject}`, Subject: 'Overzicht van persoonsgegevens (AVG art. 15)', CreationDate: new Date(document.made_at) },
    });
    doc.fontSize(18).text(`Uw gegevens: ${document.subject}`);
    doc.moveDown(0.3).fontSize(10).fillColor('#334155')
      .text(`Gemaakt op ${dutchDate(new Date(document.made_at))}. Dit overzicht bevat alle gegevens die het bewonersportaal over u bewaart; `
        + 'dezelfde gegevens staan in het bestand gegevens.json, uw bestanden in de map bestanden.');
    for (const section of document.sections) {
      doc.moveDown(1).fillColor('#0f172a').fontSize(13).text(`${section.title} (${section.count})`);
      doc.fontSize(9).fillColor('#0f172a');
      if (section.note) doc.text(section.note);
      if (!section.records.length && !section.note) doc.fillColor('#475569').text('Geen gegevens.');
      for (const record of section.records) {
        doc.moveDown(0.4);
        for (const [key, value] of Object.entries(record)) {
          if (value === null || value === undefined || value === '') continue;
          const shown = readable(value);
          doc.fillColor('#475569').text(`${PERSONAL_DATA_FIELD_LABELS[key] ?? key}: `, { continued: true }).fillColor('#0f172a').text(shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown);
        }
      }
    }
    doc.end();
    return bytes;
  }

  // ---- erasure ----------------------------------------------------------------------------------

  /**
   * Erases the occupant in one transaction (every collector, in ERASE_ORDER), answering what was removed, anonymised
   * and kept. `apply` false: the same work rolled back, as the confirm dialog's preview.
   */
  async function runErasure(ctx: StaffContext, projectId: number, addressId: number, occupantId: number, apply: boolean, reason?: string): Promise<TErasurePlan> {
    await projectAddress(ctx.customerId, projectId, addressId);
    const household = await householdOf(addressId);
    const person = household.find((o) => o.id === occupantId);
    if (!person) throw notFound();
    const name = occupantFullName(person);
    const whole = household.length === 1;
    const successor = successorOf(person, household);
    const newHolder = successor ? { id: successor.id, name: occupantFullName(successor), needs_activation: successor.passwordHash === null } : null;
    const removedFileKeys: string[] = [];
    const rollback = Symbol('preview');
    let lines: TErasureLine[] = [];
    try {
      await db.transaction(async (tx) => {
        const subject = await subjectOf(tx, ctx.customerId, addressId, occupantId);
        const held = whole ? { payment: await paymentHeldEntries(tx, addressId), consent: await consentHeldEntries(tx, addressId) } : { payment: [], consent: [] };
        const c: EraseContext = { tx, subject, whole, held, removedFileKeys, endSession: (hash) => bus.publish('session', hash, tx) };
        const raw: Array<Omit<TErasureLine, 'label'>> = [];
        for (const category of ERASE_ORDER) raw.push(...(await COLLECTORS.find((x) => x.category === category)!.erase(c)));
        lines = COLLECTORS.flatMap(({ category }) => raw.filter((l) => l.category === category && l.count > 0)
          .map((l) => ({ ...l, label: PERSONAL_DATA_CATEGORIES[category] })));
        if (successor) {
          await tx.update(occupants).set({ isMain: true }).where(eq(occupants.id, successor.id));
          // Nobody left has an account: the address is activated anew (a letter with a new code) by its new holder.
          if (successor.passwordHash === null) {
            await tx.update(addresses).set({ activatedAt: null, activationCodeHash: null, activationExpiresAt: null }).where(eq(addresses.id, addressId));
          }
        }
        if (!apply) throw rollback;
        await audit.record(ctx, {
          action: 'personal-data-erase', entity: 'address', entityId: addressId, projectId,
          // Categories and counts only, never the content (and not the name: it is what was erased).
          after: { occupant_id: occupantId, whole_household: whole, new_holder_id: successor?.id ?? null, reason, lines: lines.map((l) => ({ category: l.category, count: l.count, outcome: l.outcome })) },
        }, tx);
      });
    } catch (error) {
      if (error !== rollback) throw error;
      return { occupant: { id: person.id, name }, whole_household: whole, lines, new_holder: newHolder, refusal: null };
    }
    for (const key of removedFileKeys) await files.storage.delete(key).catch((error: unknown) => log(error, 'erased file not removed'));
    return { occupant: { id: person.id, name }, whole_household: whole, lines, new_holder: newHolder, refusal: null };
  }

  /** The sweep: files of expired exports are removed (the row stays, without its files). */
  async function sweepExpired(): Promise<void> {
    const expired = await db.select({ id: personalDataExports.id, fileId: personalDataExports.fileId, pdfFileId: personalDataExports.pdfFileId })
      .from(personalDataExports).where(and(isNotNull(personalDataExports.fileId), lt(personalDataExports.expiresAt, new Date()))).limit(500);
    for (const row of expired) {
      const keys = await db.transaction(async (tx) => {
        await tx.update(personalDataExports).set({ fileId: null, pdfFileId: null, tokenHash: null }).where(eq(personalDataExports.id, row.id));
        return deleteUnreferencedFiles(tx, [row.fileId, row.pdfFileId].filter((v): v is number => v !== null));
      });
      for (const key of keys) await files.storage.delete(key).catch((error: unknown) => log(error, 'export file not removed'));
    }
  }

  return {
    addressView, startStaffExport, staffExportFile, requestResidentExport, downloadPage, downloadFile, runExport, sweepExpired,
    erasurePlan: (ctx: StaffContext, projectId: number, addressId: number, occupantId: number) => runErasure(ctx, projectId, addressId, occupantId, false),
    erase: (ctx: StaffContext, projectId: number, addressId: number, occupantId: number, reason: string) => runErasure(ctx, projectId, addressId, occupantId, true, reason),
    /** For tests and the lead's checks: the export's document without a job. */
    collect: async (customerId: number, addressId: number, occupantId: number | null) => (await collect(await subjectOf(db, customerId, addressId, occupantId), '')).document,
  };
}
export type PersonalDataService = ReturnType<typeof createPersonalDataService>;

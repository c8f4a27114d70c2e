import type { SQL } from 'drizzle-orm';
import {
  formatPostcode,
  calculatorCents, CONTACT_GENDER_LABELS, countRequiredFields, elementKeys, formatEuro, formElementKind, formMessages, priceCents, formPaths, formValueField, optionKey, pinpointsKey, validateFormSection,
  type FormRuleContext, type TContactValue, type TFormElement, type TFormFamily, type TFormOccupant, type TFormPhoto, type TFormSection,
  type TFormSectionDefinition, type TFormValue, type TFormValues, type TPinpoint,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, HttpError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { staffHtmlToText } from '../../lib/sanitize.ts';
import type { Session } from '../auth/session.store.ts';
import { fileUrl, processImage, readAll, type FilesService } from '../files/index.ts';
import {
  customerLogoOfProject, deleteFile, deletePhotos, findAddress, findEntryById, formFileReadable, insertEvent, insertPhoto, listAddressOccupants, listPhotos, photoFileReadable,
  setSummaryFile, setSummaryViewed, summaryFileEntry, updateEntry,
  type EntryActor, type EntryOwner, type FormEntryRow, type FormEntryUpdate, type FormPhoto, type FormRow,
} from './form-engine.repository.ts';
import { createLogoPngs } from './summary-logo.ts';
import { renderSummaryPdf, type SummaryInput, type SummaryItem, type SummarySignature } from './form-summary.pdf.ts';

/**
 * Who fills in a form: a resident at their own address, staff (a partner) acting for an address, a
 * public visitor with their code, or nobody in particular (the simple public form's submit).
 */
export type FormCaller =
  | { kind: 'occupant'; session: Session; addressId: number }
  | { kind: 'staff'; session: Session; addressId: number }
  | { kind: 'visitor'; unique: string; visitorTokenHash: string }
  | { kind: 'anonymous' };

export function ownerOf(caller: FormCaller): EntryOwner {
  switch (caller.kind) {
    case 'occupant':
    case 'staff':
      return { kind: 'address', addressId: caller.addressId };
    case 'visitor':
      return { kind: 'visitor', visitorTokenHash: caller.visitorTokenHash };
    case 'anonymous':
      return { kind: 'anonymous' };
  }
}

export function actorOf(caller: FormCaller): EntryActor {
  switch (caller.kind) {
    case 'occupant':
      return { actorKind: 'occupant', occupantId: caller.session.occupantId };
    case 'staff':
      return { actorKind: 'staff', userId: caller.session.userId };
    case 'visitor':
    case 'anonymous':
      return { actorKind: 'visitor' };
  }
}

/** A 404 of the project service becomes the form's own 404, so that nothing tells whether a form exists elsewhere. */
export async function asFormNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new NotFoundError(formMessages.notFound);
    throw error;
  }
}

export const fullAddress = (a: { street: string; houseNumber: string; zipcode: string; city: string }) => `${a.street} ${a.houseNumber}, ${formatPostcode(a.zipcode)} ${a.city}`;

/** What rendering and validating an entry needs beyond its values: its photos and the address's occupants. */
export type EntryContext = { photos: FormPhoto[]; rules: FormRuleContext; photoUrl: (photo: FormPhoto) => string };

/** A photo element's value: the photo id, when that photo belongs to the entry. */
const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());

const FILE_LINK = /^\/api\/files\/(\d+)\//;
const DATA_URL_PNG = /^data:image\/png;base64,/;

/** A PNG data URL's bytes (drawn signatures). */
export const dataUrlBytes = (value: string | null | undefined): Buffer | null =>
  value && DATA_URL_PNG.test(value) ? Buffer.from(value.slice(value.indexOf(',') + 1), 'base64') : null;

/** A contact input's answer as lines of readable text (the summary PDF, the console's exports). */
export function contactLines(value: TContactValue | null): string[] {
  if (!value || value.cp_id === 'none' || !value.cp) return value?.cp_id === 'none' ? [formMessages.contactNone] : [];
  const cp = value.cp;
  const name = [cp.initials ? `${cp.initials}` : cp.first_name, cp.affix, cp.last_name].filter(Boolean).join(' ');
  return [
    name ? `Naam: ${name}${cp.gender && cp.gender !== 'u' ? ` (${CONTACT_GENDER_LABELS[cp.gender]})` : ''}` : null,
    cp.description ? `Omschrijving: ${cp.description}` : null,
    cp.email_address ? `E-mail: ${cp.email_address}${cp.prefer_email ? ' (voorkeur)' : ''}` : null,
    cp.telephone ? `Telefoon: ${cp.telephone}` : null,
    cp.mobile ? `Mobiel: ${cp.mobile}` : null,
    cp.different_address
      ? `Adres: ${[cp.street, [cp.house_number, cp.house_number_suffix].filter(Boolean).join(''), ',', cp.zipcode ? formatPostcode(cp.zipcode) : null, cp.city].filter(Boolean).join(' ').replace(' ,', ',')}`
      : null,
  ].filter((line): line is string => line !== null);
}

export type FormEngineDeps = {
  db: Db;
  files: FilesService;
  log?: (error: unknown, msg: string) => void;
  /** Photos an entry may hold (uploads replaced by a save are removed). */
  photosPerEntry?: number;
};

/**
 * What the four form families share: sections rendered for the wire (definition + values with the
 * counters), section saves checked by the contract's rules (422 per field, 409 when the entry was
 * changed in between), photo uploads, the occupants for contact inputs, the summary PDF, and who may
 * read the engine's files (photos, summaries, drawings) through /api/files.
 */
export function createFormEngine(deps: FormEngineDeps) {
  const { db, files } = deps;
  const log = deps.log ?? (() => {});
  const logoPng = createLogoPngs(files);
  const photosPerEntry = deps.photosPerEntry ?? 30;

  // Residents read the photos and summaries of their address's entries, staff those of their customers' projects.
  const readerOf = (viewer: Parameters<Parameters<FilesService['registerOwner']>[1]>[1]) =>
    viewer.kind === 'occupant' ? { addressId: viewer.addressId } : viewer.kind === 'staff' ? { customerIds: viewer.customerIds } : null;
  files.registerOwner('form-photo', async (fileId, viewer) => {
    const reader = readerOf(viewer);
    return reader && (await photoFileReadable(db, fileId, reader)) ? {} : null;
  });
  files.registerOwner('form-summary', async (fileId, viewer) => {
    const reader = readerOf(viewer);
    const entry = reader ? await summaryFileEntry(db, fileId, reader) : null;
    if (!entry) return null;
    // Opening the summary is what the finishing step waits for; staff looking at it change nothing.
    return viewer.kind === 'occupant' ? { onRead: () => markSummaryViewed(entry.id, fileId) } : {};
  });
  files.registerOwner('form-file', async (fileId, viewer) => {
    const reader = viewer.kind === 'occupant' ? { projectIds: viewer.projectIds } : viewer.kind === 'staff' ? { customerIds: viewer.customerIds } : { public: true as const };
    return (await formFileReadable(db, fileId, reader)) ? {} : null;
  });

  /** Records that the entry's current summary was opened (a replaced summary's file is gone, so it cannot count). */
  async function markSummaryViewed(entryId: number, fileId: number): Promise<void> {
    await setSummaryViewed(db, entryId, fileId);
  }

  async function occupantIdsOf(caller: FormCaller): Promise<ReadonlySet<number>> {
    if (caller.kind !== 'occupant' && caller.kind !== 'staff') return new Set();
    return new Set((await listAddressOccupants(db, caller.addressId)).map((o) => o.id));
  }

  function photoUrlFor(caller: FormCaller, form: FormRow, entryId: number) {
    return (photo: FormPhoto) =>
      caller.kind === 'visitor' ? `/api${formPaths.publicPhoto(form.id, caller.unique, entryId, photo.id)}` : fileUrl({ id: photo.fileId, filename: photo.filename });
  }

  async function entryContext(caller: FormCaller, form: FormRow, entry: FormEntryRow | null): Promise<EntryContext> {
    const [photos, occupantIds] = await Promise.all([entry ? listPhotos(db, entry.id) : Promise.resolve([]), occupantIdsOf(caller)]);
    return {
      photos,
      rules: { hasPhoto: (elementId, photoId) => photos.some((p) => p.id === photoId && p.elementId === elementId), occupantIds },
      photoUrl: entry ? photoUrlFor(caller, form, entry.id) : () => '',
    };
  }

  function toPhoto(photo: FormPhoto, ctx: Pick<EntryContext, 'photoUrl'>): TFormPhoto {
    return { id: photo.id, image_width: photo.imageWidth, image_height: photo.imageHeight, url: ctx.photoUrl(photo) };
  }

  /**
   * One element as the portal gets it: the definition plus what the entry holds for it. Every element
   * carries the spec's fields (value, photo, pinpoints, cp_id, cp; spec 3.2), empty where its kind has none;
   * a check group also `checked`.
   */
  function toElement(family: TFormFamily, element: TFormSectionDefinition['elements'][number], values: TFormValues, ctx: EntryContext): TFormElement {
    const kind = formElementKind(family, element.type);
    const base: TFormElement = { id: element.id, type: element.type, data: element.data, value: null, photo: null, pinpoints: [], cp_id: null, cp: null };
    if (!kind || kind === 'title' || kind === 'addressinput') return base;
    const value = values[element.id];
    if ((kind === 'select' || kind === 'choice') && element.data.type === 'check') {
      return { ...base, checked: (element.data.options ?? []).map((_, i) => values[optionKey(element.id, i)] === true) };
    }
    switch (kind) {
      case 'drawinginput': {
        const pins = values[pinpointsKey(element.id)];
        return { ...base, pinpoints: Array.isArray(pins) ? pins : [] };
      }
      case 'contactinput': {
        const contact = value && typeof value === 'object' && !Array.isArray(value) ? (value as TContactValue) : null;
        return { ...base, cp_id: contact?.cp_id ?? null, cp: contact?.cp ?? null };
      }
      case 'photoinput': {
        const photo = typeof value === 'number' ? ctx.photos.find((p) => p.id === value && p.elementId === element.id) : undefined;
        return { ...base, value: photo ? photo.id : null, photo: photo ? toPhoto(photo, ctx) : null };
      }
      default:
        return { ...base, value: typeof value === 'string' || typeof value === 'number' ? value : null };
    }
  }

  /** The entry's sections for the wire, with the counters; `done` is the number of sections whose required fields are all filled in. */
  function renderSections(family: TFormFamily, definition: TFormSectionDefinition[], values: TFormValues, ctx: EntryContext): { sections: TFormSection[]; done: number } {
    let done = 0;
    const sections = definition.map((section) => {
      const counts = countRequiredFields(family, section.elements, values, ctx.rules);
      if (counts.nr_of_required_fields_filled_in === counts.nr_of_required_fields) done++;
      return { id: section.id, label: section.label ?? null, elements: section.elements.map((e) => toElement(family, e, values, ctx)), ...counts };
    });
    return { sections, done };
  }

  /**
   * Every section's errors when the whole form is checked (an intake send, a lock, a simple submit).
   * Stored values of elements that staff removed since are no error; `unknownKeys` refuses keys of no
   * element (values that arrive with the check, not stored ones).
   */
  function formErrors(family: TFormFamily, definition: TFormSectionDefinition[], values: TFormValues, rules: FormRuleContext, options: { unknownKeys?: boolean } = {}) {
    const known = new Set<string>();
    const errors = definition.flatMap((section) => {
      const keys = new Set(section.elements.flatMap((e) => elementKeys(family, e)));
      keys.forEach((key) => known.add(key));
      const own = Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
      return validateFormSection(family, section.elements, own, rules);
    });
    if (options.unknownKeys) {
      for (const key of Object.keys(values)) if (!known.has(key)) errors.push({ field: formValueField(key), message: formMessages.unknownElement });
    }
    return errors;
  }

  function sectionsDoneOf(family: TFormFamily, definition: TFormSectionDefinition[], values: TFormValues, rules: FormRuleContext): number {
    return definition.filter((section) => {
      const counts = countRequiredFields(family, section.elements, values, rules);
      return counts.nr_of_required_fields_filled_in === counts.nr_of_required_fields;
    }).length;
  }

  /** After a conditional update that changed nothing: someone else changed the entry (409 changed), or `refuse` (locked, sent). */
  async function conflictAfter(entry: FormEntryRow, refuse: () => Error): Promise<never> {
    const now = await findEntryById(db, entry.id);
    throw now && now.version !== entry.version ? new ConflictError(formMessages.changed) : refuse();
  }

  const removeStored = (keys: string[]) =>
    Promise.all(keys.map((key) => files.storage.delete(key).catch((error: unknown) => log(error, 'form file not removed'))));

  /**
   * Saves one section of an entry: the given keys replace the section's values (null or blank clears a
   * key; a check group sent in part is replaced whole), keys not sent and the rest of the entry stay. Checked with the contract's rules: `onlyGiven` checks what was
   * typed (a draft), otherwise every required field of the section too. Photos of the section that the
   * values no longer use go. `guard` is the family's editability condition; `refuse` its error when the
   * guard failed (locked, sent).
   */
  async function saveSection(input: {
    family: TFormFamily;
    form: FormRow;
    entry: FormEntryRow;
    section: number;
    values: TFormValues;
    caller: FormCaller;
    onlyGiven: boolean;
    version?: number;
    guard?: SQL;
    set?: FormEntryUpdate;
    refuse: () => Error;
  }): Promise<FormEntryRow> {
    const { family, form, entry } = input;
    const section = form.definition[input.section];
    if (!section) throw new NotFoundError('Onderdeel niet gevonden');
    if (input.version !== undefined && input.version !== entry.version) throw new ConflictError(formMessages.changed);
    const ctx = await entryContext(input.caller, form, entry);

    const keys = new Set(section.elements.flatMap((e) => elementKeys(family, e)));
    // A check group sent in part is replaced as a whole: the options not sent are unticked.
    const given = new Set(Object.keys(input.values));
    const replaced = new Set(section.elements.map((e) => elementKeys(family, e)).filter((group) => group.length > 1 && group.some((k) => given.has(k))).flat());
    const merged: TFormValues = {};
    for (const key of keys) if (entry.values[key] !== undefined && !replaced.has(key)) merged[key] = entry.values[key]!;
    for (const [key, value] of Object.entries(input.values)) merged[key] = value;
    for (const [key, value] of Object.entries(merged)) if (isBlank(value)) delete merged[key];

    const errors = validateFormSection(family, section.elements, merged, ctx.rules, { onlyGiven: input.onlyGiven });
    if (errors.length) throw new UnprocessableError(formMessages.invalid, errors);

    const next: TFormValues = Object.fromEntries(Object.entries(entry.values).filter(([key]) => !keys.has(key)));
    for (const [key, value] of Object.entries(merged)) {
      if (value === false) continue; // an unticked option is no key at all
      next[key] = typeof value === 'string' ? value.trim() : (value as TFormValue);
    }
    const photoElements = new Set(section.elements.filter((e) => formElementKind(family, e.type) === 'photoinput').map((e) => e.id));
    const unused = ctx.photos.filter((p) => photoElements.has(p.elementId) && next[p.elementId] !== p.id).map((p) => p.id);

    const { row, keys: goneKeys } = await db.transaction(async (tx) => {
      const updated = await updateEntry(tx, entry.id, entry.version, {
        values: next, sectionsDone: sectionsDoneOf(family, form.definition, next, ctx.rules), ...input.set,
      }, input.guard);
      if (!updated) return { row: null, keys: [] };
      await insertEvent(tx, entry.id, actorOf(input.caller), 'saved', { section: input.section });
      return { row: updated, keys: await deletePhotos(tx, unused) };
    });
    if (!row) return conflictAfter(entry, input.refuse);
    await removeStored(goneKeys);
    return row;
  }

  /**
   * Resolves a photo upload before the file is read: the element must be a photo element of the section
   * and the entry may hold a limited number of photos. The returned function stores the photo.
   */
  async function photoTarget(input: { family: TFormFamily; form: FormRow; entry: FormEntryRow; section: number; elementId: string; caller: FormCaller }) {
    const { family, form, entry } = input;
    const section = form.definition[input.section];
    if (!section) throw new NotFoundError('Onderdeel niet gevonden');
    const element = section.elements.find((e) => e.id === input.elementId);
    if (!element || formElementKind(family, element.type) !== 'photoinput') {
      throw new UnprocessableError(formMessages.photoNotAPhotoField, [{ field: 'element_id', message: formMessages.photoNotAPhotoField }]);
    }
    const photos = await listPhotos(db, entry.id);
    if (photos.length >= photosPerEntry) {
      const message = formMessages.photosMax(photosPerEntry);
      throw new UnprocessableError(message, [{ field: 'image', message }]);
    }
    return async (data: Buffer): Promise<TFormPhoto> => {
      const image = await processImage(data, { type: formMessages.photoType }, { maxWidth: element.data.image_width, maxHeight: element.data.image_height });
      const filename = image.contentType === 'image/png' ? 'foto.png' : 'foto.jpg';
      const photo = await db.transaction(async (tx) => {
        const file = await files.store({ filename, mime: image.contentType, data: image.data, owner: 'form-photo' }, tx);
        const row = await insertPhoto(tx, { entryId: entry.id, elementId: element.id, fileId: file.id, imageWidth: image.width, imageHeight: image.height });
        await insertEvent(tx, entry.id, actorOf(input.caller), 'photo', { element: element.id });
        return { ...row, filename: file.filename, key: file.key };
      });
      return toPhoto(photo, { photoUrl: photoUrlFor(input.caller, form, entry.id) });
    };
  }

  async function occupants(addressId: number): Promise<TFormOccupant[]> {
    const rows = await listAddressOccupants(db, addressId);
    return rows.map((o) => ({ id: o.id, full_name: [o.firstName, o.affix, o.lastName].filter(Boolean).join(' ') }));
  }

  // ---- the summary PDF -----------------------------------------------------------------------------

  async function fileBytes(fileId: number): Promise<Buffer | null> {
    const file = await files.find(fileId);
    return file ? readAll(files.storage, file.key) : null;
  }

  async function summaryItems(family: TFormFamily, section: TFormSectionDefinition, values: TFormValues, ctx: EntryContext, prices: boolean): Promise<SummaryItem[]> {
    /** An option as the summary names it: a choice form's surcharge after its label ('Eiken (+ € 350,00)'). */
    const withPrice = (option: { label: string; price?: string | null }) => {
      const cents = prices ? priceCents(option.price) : null;
      return cents ? `${option.label} (+ ${formatEuro(cents)})` : option.label;
    };
    /** A calculator's amount with its unit and, where prices count, the price per unit and the surcharge ('12,5 m² à € 25,00 per m²: + € 312,50'). */
    const amountOf = (element: TFormSectionDefinition['elements'][number], value: number) => {
      const unit = element.data.unit?.trim() ?? '';
      const amount = `${value.toLocaleString('nl-NL')}${unit ? ` ${unit}` : ''}`;
      const perUnit = prices && kindOf(element) === 'calculatorinput' ? priceCents(element.data.price_per_unit) : null;
      if (!perUnit) return amount;
      return `${amount} à ${formatEuro(perUnit)} per ${unit || 'stuk'}: + ${formatEuro(calculatorCents(perUnit, value))}`;
    };
    const kindOf = (element: TFormSectionDefinition['elements'][number]) => formElementKind(family, element.type);
    const items: SummaryItem[] = [];
    for (const element of section.elements) {
      const kind = formElementKind(family, element.type);
      const label = element.data.label?.trim() || '';
      const value = values[element.id];
      if (!kind) continue;
      if (kind === 'title' || kind === 'addressinput') {
        const text = element.data.wysiwyg ? staffHtmlToText(element.data.wysiwyg) : null;
        if (label || text) items.push({ kind: 'heading', label, text: text || null });
        continue;
      }
      if ((kind === 'select' || kind === 'choice') && element.data.type === 'check') {
        items.push({ kind: 'list', label, answers: (element.data.options ?? []).flatMap((o, i) => (values[optionKey(element.id, i)] === true ? [withPrice(o)] : [])) });
        continue;
      }
      switch (kind) {
        case 'photoinput': {
          const photo = typeof value === 'number' ? ctx.photos.find((p) => p.id === value) : undefined;
          items.push({ kind: 'image', label, image: photo ? await readAll(files.storage, photo.key) : null, empty: 'Foto niet beschikbaar' });
          break;
        }
        case 'signatureinput':
          items.push({ kind: 'image', label, image: dataUrlBytes(typeof value === 'string' ? value : null), empty: 'Handtekening niet beschikbaar' });
          break;
        case 'drawinginput': {
          const pins = values[pinpointsKey(element.id)];
          const link = element.data.drawing ? FILE_LINK.exec(element.data.drawing) : null;
          items.push({ kind: 'drawing', label, image: link ? await fileBytes(Number(link[1])) : null, pins: Array.isArray(pins) ? (pins as TPinpoint[]) : [] });
          break;
        }
        case 'contactinput':
          items.push({ kind: 'contact', label, lines: contactLines(value && typeof value === 'object' && !Array.isArray(value) ? (value as TContactValue) : null) });
          break;
        case 'numberinput':
        case 'calculatorinput':
          items.push({ kind: 'text', label, answer: typeof value === 'number' ? amountOf(element, value) : null });
          break;
        case 'agreeinput':
          items.push({ kind: 'text', label, answer: value === 'agree' ? (element.data.agree ?? 'Akkoord') : value === 'disagree' ? (element.data.disagree ?? 'Niet akkoord') : null });
          break;
        case 'select':
        case 'choice': {
          const option = (element.data.options ?? []).find((o) => o.label === value);
          items.push({ kind: 'text', label, answer: option ? withPrice(option) : typeof value === 'string' ? value : null });
          break;
        }
        default:
          items.push({ kind: 'text', label, answer: typeof value === 'string' ? value : null });
      }
    }
    return items;
  }

  /** The summary PDF of an entry as it is now. */
  async function renderSummary(input: {
    family: TFormFamily; form: FormRow; entry: FormEntryRow; ctx: EntryContext; projectName: string; signatures: SummarySignature[];
  }, options: { compress?: boolean } = {}): Promise<Buffer> {
    const { entry } = input;
    const [address, logo] = await Promise.all([
      entry.addressId ? findAddress(db, entry.addressId) : null,
      // The customer's logo heads every summary (the consent document too), as it heads the portal.
      customerLogoOfProject(db, input.form.projectId).then((url) => logoPng(url)).catch((error: unknown) => {
        log(error, 'The logo could not be read for a summary PDF');
        return null;
      }),
    ]);
    const summary: SummaryInput = {
      title: input.form.name,
      logo,
      projectName: input.projectName,
      address: address ? fullAddress(address) : null,
      date: entry.updatedAt,
      sections: await Promise.all(input.form.definition.map(async (section) => ({
        label: section.label ?? null, items: await summaryItems(input.family, section, entry.values, input.ctx, input.family === 'choice' && !input.form.disablePrices),
      }))),
      signatures: input.signatures,
    };
    return renderSummaryPdf(summary, options);
  }

  /**
   * The entry with a summary PDF of its current version, stored through the files module (owner
   * 'form-summary'); a stale one is replaced. Two requests at once may both render: the one that stores
   * first wins, the other's file is removed.
   */
  async function ensureSummary(input: Parameters<typeof renderSummary>[0] & { filename: string }): Promise<FormEntryRow> {
    const { entry } = input;
    if (entry.summaryFileId !== null && entry.summaryVersion === entry.version) return entry;
    const pdf = await renderSummary(input);
    const result = await db.transaction(async (tx) => {
      const file = await files.store({ filename: input.filename, mime: 'application/pdf', data: pdf, owner: 'form-summary' }, tx);
      const won = await setSummaryFile(tx, entry.id, entry.version, file.id);
      return { stored: file.id, replaced: won ? entry.summaryFileId : null, won };
    });
    const gone = result.won ? result.replaced : result.stored;
    if (gone !== null) {
      const key = await deleteFile(db, gone);
      if (key) await removeStored([key]);
    }
    return (await findEntryById(db, entry.id)) ?? entry;
  }

  return {
    entryContext, renderSections, formErrors, sectionsDoneOf, saveSection, photoTarget, occupants, renderSummary, ensureSummary, markSummaryViewed,
    toPhoto, removeStored, conflictAfter,
  };
}
export type FormEngine = ReturnType<typeof createFormEngine>;

/**
 * The rules of an address as staff enter it (the CSV import and the edit form), shared by the console
 * and the server so that both say the same in the same Dutch words. Plain functions, no zod.
 *
 * Postcode and house number are stored normalised, as the login normalises what a resident types:
 * '1234 ab' -> '1234AB', '12 a' -> '12A' (normalizeAlnum). A suffix that starts with a digit therefore
 * merges with the number ('12-2' -> '122'), exactly as it does at the login.
 */
import { messages, normalizeAlnum, tooLongMessage } from './validation.ts';

export const ADDRESS_STREET_MAX = 200;
export const ADDRESS_CITY_MAX = 100;
export const ADDRESS_BUILDING_UNIT_MAX = 100;
export const ADDRESS_SUFFIX_MAX = 6;
/** A CSV import takes at most this many rows and this many bytes (UTF-8). */
export const ADDRESS_IMPORT_MAX_ROWS = 5000;
export const ADDRESS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Activation letters made in one request (one PDF). */
export const ACTIVATION_LETTERS_MAX = 2000;

/**
 * The European Netherlands, generously: coordinates outside are a typing error (or latitude and
 * longitude swapped), since every address of the portal has a Dutch postcode.
 */
export const NL_BOUNDS = { latMin: 50.6, latMax: 53.7, lngMin: 3.2, lngMax: 7.3 } as const;

export const addressMessages = {
  postcodeRequired: messages.postcodeRequired,
  postcodeInvalid: 'Vul een geldige postcode in: vier cijfers en twee letters, bijvoorbeeld 1234 AB',
  houseNumberRequired: 'Vul een huisnummer in',
  houseNumberInvalid: 'Vul een huisnummer in van 1 tot en met 99999, eventueel met een toevoeging (12 A)',
  suffixInvalid: `Een toevoeging heeft maximaal ${ADDRESS_SUFFIX_MAX} letters of cijfers`,
  streetRequired: 'Vul een straat in',
  cityRequired: 'Vul een plaats in',
  coordinateInvalid: 'Vul een getal in, bijvoorbeeld 52,0907',
  coordinatesIncomplete: 'Vul zowel de breedtegraad als de lengtegraad in, of geen van beide',
  coordinatesOutside: 'Deze coördinaten liggen niet in Nederland',
  coordinatesSwapped: 'Deze coördinaten liggen niet in Nederland: zijn breedtegraad en lengtegraad verwisseld?',
  duplicate: (line: number) => `Dit adres staat ook in regel ${line}`,
  /** A whole file refused for one value: 'Regel 7: de waarde in de kolom postcode is langer dan 100 tekens. ...' */
  importFieldTooLong: (line: number, field: TAddressField) =>
    `Regel ${line}: de waarde in de kolom ${ADDRESS_FIELD_LABELS[field].toLowerCase()} is langer dan ${ADDRESS_IMPORT_FIELD_MAX[field]} tekens. Verbeter het bestand en probeer het opnieuw.`,
  tooLong: tooLongMessage,
} as const;

/** An address as typed or read from a CSV row: every value a string, nothing normalised yet. */
export type TAddressInput = {
  zipcode: string;
  house_number: string;
  suffix: string;
  street: string;
  city: string;
  building_unit: string;
  lat: string;
  lng: string;
};
export type TAddressField = keyof TAddressInput;
export const ADDRESS_FIELDS: readonly TAddressField[] = ['zipcode', 'house_number', 'suffix', 'street', 'city', 'building_unit', 'lat', 'lng'];

/**
 * The longest value an import row may hold per field, as read from the file (before normalising): the
 * limits of the preview's answer (`ZAddressImportRowInput`). Longer is no address but a broken file.
 */
export const ADDRESS_IMPORT_FIELD_MAX: Record<TAddressField, number> = {
  zipcode: 100, house_number: 100, suffix: 100, street: 1000, city: 1000, building_unit: 1000, lat: 100, lng: 100,
};

/** The first field of an import row longer than `ADDRESS_IMPORT_FIELD_MAX` allows, or null. */
export function overlongImportField(input: TAddressInput): TAddressField | null {
  return ADDRESS_FIELDS.find((field) => input[field].length > ADDRESS_IMPORT_FIELD_MAX[field]) ?? null;
}

/** The same address normalised, as stored. */
export type TAddressValues = {
  zipcode: string;
  house_number: string;
  street: string;
  city: string;
  building_unit: string | null;
  lat: number | null;
  lng: number | null;
};

export type TAddressFieldError = { field: TAddressField; message: string };

/** '1234 ab' -> '1234AB' when it is a Dutch postcode (no leading zero; SA, SD and SS are never issued), else null. */
export function normalizePostcode(value: string): string | null {
  const postcode = normalizeAlnum(value);
  return /^[1-9]\d{3}[A-Z]{2}$/.test(postcode) && !/(SA|SD|SS)$/.test(postcode) ? postcode : null;
}

/**
 * Every postcode on screen, in mails and in PDFs, one way: '1234AB', '1234ab' and '1234 AB' -> '1234 AB'
 * (the Dutch standard, as a letter writes it). What is no Dutch postcode is shown as it was given.
 */
export function formatPostcode(zipcode: string): string {
  const compact = zipcode.replace(/\s+/g, '').toUpperCase();
  return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : zipcode.trim();
}

/** Collapses runs of white space and trims. */
const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A decimal number as written in a Dutch or an English file ('52,0907' or '52.0907'); null when it is not one. */
export function parseCoordinate(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(text)) return null;
  return Number(text);
}

const inNl = (lat: number, lng: number) => lat >= NL_BOUNDS.latMin && lat <= NL_BOUNDS.latMax && lng >= NL_BOUNDS.lngMin && lng <= NL_BOUNDS.lngMax;

/** The fields an address's edit form has (street, city, coordinates, building unit): their values or errors. */
export function checkAddressDetails(input: Pick<TAddressInput, 'street' | 'city' | 'building_unit' | 'lat' | 'lng'>): {
  values: Pick<TAddressValues, 'street' | 'city' | 'building_unit' | 'lat' | 'lng'>;
  errors: TAddressFieldError[];
} {
  const errors: TAddressFieldError[] = [];
  const street = clean(input.street);
  const city = clean(input.city);
  const buildingUnit = clean(input.building_unit);
  if (!street) errors.push({ field: 'street', message: addressMessages.streetRequired });
  else if (street.length > ADDRESS_STREET_MAX) errors.push({ field: 'street', message: tooLongMessage(ADDRESS_STREET_MAX) });
  if (!city) errors.push({ field: 'city', message: addressMessages.cityRequired });
  else if (city.length > ADDRESS_CITY_MAX) errors.push({ field: 'city', message: tooLongMessage(ADDRESS_CITY_MAX) });
  if (buildingUnit.length > ADDRESS_BUILDING_UNIT_MAX) errors.push({ field: 'building_unit', message: tooLongMessage(ADDRESS_BUILDING_UNIT_MAX) });

  let lat: number | null = null;
  let lng: number | null = null;
  const latText = input.lat.trim();
  const lngText = input.lng.trim();
  if (latText || lngText) {
    lat = latText ? parseCoordinate(latText) : null;
    lng = lngText ? parseCoordinate(lngText) : null;
    if (latText && lat === null) errors.push({ field: 'lat', message: addressMessages.coordinateInvalid });
    if (lngText && lng === null) errors.push({ field: 'lng', message: addressMessages.coordinateInvalid });
    if (!latText || !lngText) errors.push({ field: latText ? 'lng' : 'lat', message: addressMessages.coordinatesIncomplete });
    else if (lat !== null && lng !== null && !inNl(lat, lng)) {
      errors.push({ field: 'lat', message: inNl(lng, lat) ? addressMessages.coordinatesSwapped : addressMessages.coordinatesOutside });
    }
    if (errors.some((e) => e.field === 'lat' || e.field === 'lng')) lat = lng = null;
  }
  return { values: { street, city, building_unit: buildingUnit || null, lat, lng }, errors };
}

/** One whole address (an import row): its normalised values, or the errors per field. */
export function checkAddress(input: TAddressInput): { values: TAddressValues | null; errors: TAddressFieldError[] } {
  const errors: TAddressFieldError[] = [];
  const zipcode = normalizePostcode(input.zipcode);
  if (!input.zipcode.trim()) errors.push({ field: 'zipcode', message: addressMessages.postcodeRequired });
  else if (!zipcode) errors.push({ field: 'zipcode', message: addressMessages.postcodeInvalid });

  // The number column may hold the suffix too ('12a', '12-2'); a separate suffix column is added to it.
  let houseNumber: string | null = null;
  const number = /^([1-9]\d{0,4})([A-Z0-9]*)$/.exec(normalizeAlnum(input.house_number));
  const suffix = normalizeAlnum(input.suffix);
  if (!input.house_number.trim()) errors.push({ field: 'house_number', message: addressMessages.houseNumberRequired });
  else if (!number) errors.push({ field: 'house_number', message: addressMessages.houseNumberInvalid });
  else if (number[2]!.length + suffix.length > ADDRESS_SUFFIX_MAX) errors.push({ field: suffix ? 'suffix' : 'house_number', message: addressMessages.suffixInvalid });
  else houseNumber = `${number[1]}${number[2]}${suffix}`;

  const details = checkAddressDetails(input);
  errors.push(...details.errors);
  if (errors.length || !zipcode || !houseNumber) return { values: null, errors };
  return { values: { zipcode, house_number: houseNumber, ...details.values }, errors };
}

/** The rows of an import checked together: each row's own errors plus a duplicate of an earlier row. */
export function checkAddressRows<R extends TAddressInput & { line: number }>(rows: readonly R[]) {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const result = checkAddress(row);
    if (result.values) {
      const key = `${result.values.zipcode} ${result.values.house_number}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row.line);
      else return { row, values: null, errors: [{ field: 'house_number' as const, message: addressMessages.duplicate(first) }] };
    }
    return { row, ...result };
  });
}

/* ------------------------------------------------------------------------------------------------
 * CSV columns
 * ---------------------------------------------------------------------------------------------- */

/**
 * Column names the import understands, compared without case, spaces, dashes, underscores, dots and
 * accents: the Dutch names of the template, common English ones and those of a BAG export.
 */
const COLUMN_NAMES: Record<TAddressField, string[]> = {
  zipcode: ['postcode', 'zipcode', 'zip', 'postalcode', 'postcod', 'pc'],
  house_number: ['huisnummer', 'huisnr', 'nummer', 'nr', 'housenumber', 'number', 'no'],
  suffix: ['toevoeging', 'huisnummertoevoeging', 'huisletter', 'toev', 'suffix', 'addition', 'housenumberaddition', 'housenumbersuffix'],
  street: ['straat', 'straatnaam', 'openbareruimte', 'openbareruimtenaam', 'street', 'streetname'],
  city: ['plaats', 'woonplaats', 'plaatsnaam', 'woonplaatsnaam', 'city', 'town'],
  building_unit: ['bouwkundigeeenheid', 'bouwkundigeeenheden', 'eenheid', 'blok', 'bouwblok', 'buildingunit', 'unit', 'be'],
  lat: ['lat', 'latitude', 'breedtegraad', 'breedte'],
  lng: ['lng', 'lon', 'long', 'longitude', 'lengtegraad', 'lengte'],
};
const REQUIRED_COLUMNS: readonly TAddressField[] = ['zipcode', 'house_number', 'street', 'city'];
/** The template's column names, in order. */
export const ADDRESS_CSV_TEMPLATE = ['postcode', 'huisnummer', 'toevoeging', 'straat', 'plaats', 'bouwkundige_eenheid', 'lat', 'lng'] as const;

const columnKey = (header: string) =>
  header.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\s._-]+/g, '').replace(/^\uFEFF/, '');

/** What each column of a header row holds (null: ignored), the columns ignored, and the required ones missing. */
export function mapAddressColumns(headers: readonly string[]): { columns: Array<TAddressField | null>; ignored: string[]; missing: TAddressField[] } {
  const taken = new Set<TAddressField>();
  const ignored: string[] = [];
  const columns = headers.map((header) => {
    const key = columnKey(header);
    const field = (Object.keys(COLUMN_NAMES) as TAddressField[]).find((f) => COLUMN_NAMES[f].includes(key)) ?? null;
    // Two suffix columns (a BAG export's huisletter and huisnummertoevoeging) are joined; any other field takes its first column.
    if (!field || (taken.has(field) && field !== 'suffix')) {
      if (header.trim()) ignored.push(header.trim());
      return null;
    }
    taken.add(field);
    return field;
  });
  return { columns, ignored, missing: REQUIRED_COLUMNS.filter((f) => !taken.has(f)) };
}

/** The Dutch name of a field, as the template and the messages call it. */
export const ADDRESS_FIELD_LABELS: Record<TAddressField, string> = {
  zipcode: 'Postcode', house_number: 'Huisnummer', suffix: 'Toevoeging', street: 'Straat', city: 'Plaats',
  building_unit: 'Bouwkundige eenheid', lat: 'Breedtegraad (lat)', lng: 'Lengtegraad (lng)',
};

/** One CSV record as an address input, by the mapped columns. */
export function addressFromRecord(record: readonly string[], columns: ReadonlyArray<TAddressField | null>): TAddressInput {
  const input: TAddressInput = { zipcode: '', house_number: '', suffix: '', street: '', city: '', building_unit: '', lat: '', lng: '' };
  columns.forEach((field, i) => {
    const value = (record[i] ?? '').trim();
    if (!field || !value) return;
    input[field] = field === 'suffix' && input.suffix ? `${input.suffix}${value}` : value;
  });
  return input;
}

/** 'In het bestand ontbreken de kolommen postcode en straat.' */
export function missingColumnsMessage(missing: readonly TAddressField[]): string {
  const names = missing.map((f) => ADDRESS_FIELD_LABELS[f].toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} en ${names[names.length - 1]}` : names[0];
  return `In het bestand ${names.length > 1 ? 'ontbreken de kolommen' : 'ontbreekt de kolom'} ${list}. De eerste regel moet de kolomnamen bevatten: ${ADDRESS_CSV_TEMPLATE.join(', ')}.`;
}

/* ------------------------------------------------------------------------------------------------
 * Activation codes
 * ---------------------------------------------------------------------------------------------- */

/** Letters and digits that cannot be mistaken for one another when read from paper (no 0/O, 1/I/L). */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACTIVATION_CODE_LENGTH = 16;

/** 'ABCDEFGHJKMNPQRS' -> 'ABCD-EFGH-JKMN-PQRS': groups of four for reading and typing. */
export function formatActivationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

import { describe, expect, it } from 'vitest';
import {
  addressFromRecord, addressMessages, checkAddress, checkAddressRows, formatActivationCode, formatPostcode, mapAddressColumns, missingColumnsMessage,
  normalizePostcode, overlongImportField, parseCoordinate, type TAddressInput,
} from './staff-addresses-rules.ts';

const input = (patch: Partial<TAddressInput> = {}): TAddressInput => ({
  zipcode: '1234 ab', house_number: '12', suffix: '', street: ' Tulp  straat ', city: 'Utrecht', building_unit: '', lat: '', lng: '', ...patch,
});

describe('address rules', () => {
  it('normalises postcodes and refuses what is not a Dutch one', () => {
    expect(normalizePostcode(' 1234 ab')).toBe('1234AB');
    expect(normalizePostcode('1234-AB')).toBe('1234AB');
    for (const bad of ['0123AB', '123AB', '1234A', '1234ABC', '1234SS', 'ABCD12']) expect(normalizePostcode(bad), bad).toBeNull();
  });

  it('finds the first value longer than an import row may hold', () => {
    expect(overlongImportField(input())).toBeNull();
    expect(overlongImportField(input({ street: 'x'.repeat(1000) }))).toBeNull();
    expect(overlongImportField(input({ street: 'x'.repeat(1001), lat: '1'.repeat(101) }))).toBe('street');
    expect(overlongImportField(input({ zipcode: '1'.repeat(101) }))).toBe('zipcode');
  });

  it('reads coordinates with a decimal comma or point', () => {
    expect(parseCoordinate('52,0907')).toBe(52.0907);
    expect(parseCoordinate(' 5.1214 ')).toBe(5.1214);
    expect(parseCoordinate('-3')).toBe(-3);
    for (const bad of ['abc', '52,09,1', '1e5', '', '52.']) expect(parseCoordinate(bad), bad).toBeNull();
  });

  it('normalises a whole address', () => {
    expect(checkAddress(input({ suffix: 'b', building_unit: ' Blok  A ', lat: '52,09', lng: '5,12' }))).toEqual({
      values: { zipcode: '1234AB', house_number: '12B', street: 'Tulp straat', city: 'Utrecht', building_unit: 'Blok A', lat: 52.09, lng: 5.12 },
      errors: [],
    });
    expect(checkAddress(input({ house_number: '12-2' })).values?.house_number).toBe('122');
    expect(checkAddress(input({ house_number: '12 bis' })).values?.house_number).toBe('12BIS');
  });

  it('names every field that is wrong, in Dutch', () => {
    expect(checkAddress(input({ zipcode: '', house_number: '', street: '', city: ' ' })).errors).toEqual([
      { field: 'zipcode', message: addressMessages.postcodeRequired },
      { field: 'house_number', message: addressMessages.houseNumberRequired },
      { field: 'street', message: addressMessages.streetRequired },
      { field: 'city', message: addressMessages.cityRequired },
    ]);
    expect(checkAddress(input({ house_number: '0' })).errors).toEqual([{ field: 'house_number', message: addressMessages.houseNumberInvalid }]);
    expect(checkAddress(input({ house_number: 'A12' })).errors).toEqual([{ field: 'house_number', message: addressMessages.houseNumberInvalid }]);
    expect(checkAddress(input({ suffix: 'abcdefg' })).errors).toEqual([{ field: 'suffix', message: addressMessages.suffixInvalid }]);
    expect(checkAddress(input({ lat: '52,1' })).errors).toEqual([{ field: 'lng', message: addressMessages.coordinatesIncomplete }]);
    expect(checkAddress(input({ lat: '5,1', lng: '52,1' })).errors).toEqual([{ field: 'lat', message: addressMessages.coordinatesSwapped }]);
    expect(checkAddress(input({ lat: '48,8', lng: '2,3' })).errors).toEqual([{ field: 'lat', message: addressMessages.coordinatesOutside }]);
    expect(checkAddress(input({ street: 'x'.repeat(201) })).errors).toEqual([{ field: 'street', message: 'Gebruik maximaal 200 tekens' }]);
  });

  it('marks a later row with the same postcode and number as a duplicate', () => {
    const rows = checkAddressRows([
      { line: 2, ...input() }, { line: 3, ...input({ zipcode: '1234AB', house_number: '14' }) }, { line: 7, ...input({ zipcode: '1234AB' }) },
    ]);
    expect(rows.map((r) => r.errors)).toEqual([[], [], [{ field: 'house_number', message: 'Dit adres staat ook in regel 2' }]]);
  });
});

describe('CSV columns', () => {
  it('knows Dutch, English and BAG names, and reports ignored and missing columns', () => {
    expect(mapAddressColumns(['\uFEFFPostcode', 'Huisnummer', 'Huisletter', 'Huisnummertoevoeging', 'Openbare ruimte', 'Woonplaats', 'Bouwkundige_eenheid', 'Latitude', 'Longitude', 'Opmerking'])).toEqual({
      columns: ['zipcode', 'house_number', 'suffix', 'suffix', 'street', 'city', 'building_unit', 'lat', 'lng', null],
      ignored: ['Opmerking'],
      missing: [],
    });
    expect(mapAddressColumns(['zip', 'no', 'street']).missing).toEqual(['city']);
    expect(missingColumnsMessage(['zipcode', 'street'])).toMatch(/^In het bestand ontbreken de kolommen postcode en straat\./);
  });

  it('turns a record into an address input, joining two suffix columns', () => {
    const { columns } = mapAddressColumns(['postcode', 'huisnummer', 'huisletter', 'toevoeging', 'straat', 'plaats']);
    expect(addressFromRecord(['1234AB', '12', 'A', '2', 'Tulpstraat'], columns)).toEqual({
      zipcode: '1234AB', house_number: '12', suffix: 'A2', street: 'Tulpstraat', city: '', building_unit: '', lat: '', lng: '',
    });
  });
});

it('groups an activation code by four', () => {
  expect(formatActivationCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
});

describe('formatPostcode', () => {
  it('writes every Dutch postcode one way, 1234 AB, whatever way it came in', () => {
    for (const given of ['1234AB', '1234ab', '1234 AB', ' 1234  ab ']) expect(formatPostcode(given)).toBe('1234 AB');
    expect(formatPostcode('B-1000')).toBe('B-1000');
  });
});

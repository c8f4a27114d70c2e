import { describe, expect, it } from 'vitest';
import {
  askedContact, atLeastOneSignature, contactFieldAsked, countRequiredFields, drawnSignatureErrors, elementKeys, emailListError, FORM_ELEMENT_TYPES, formElementKind, formMessages, isEditableStatus,
  nrOfSignaturesError, numberHint, optionKey, pinpointsKey, requiredLabel, signingMobile, signingMobileError, validateFormElement, validateFormSection,
  type FormRuleContext, type TFormElementRule, type TFormFamily, type TFormValues,
} from './form-rules.ts';
import { ZFormElementDefinition, ZFormSaveBody, ZSigningMobileInput } from './forms.ts';

const context: FormRuleContext = { hasPhoto: (elementId, id) => elementId === 'photo' && id === 7, occupantIds: new Set([3, 5]) };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const pin = (nr: number, extra: Partial<{ value: string; comment: string; x: number }> = {}) => ({ id: `p${nr}`, x: 0.5, y: 0.25, value: '', comment: '', label: `Pin ${nr}`, nr, ...extra });

/** Every family's element of `kind` with `data`. */
const el = (family: TFormFamily, kind: string, data: TFormElementRule['data'] = {}, id = kind): TFormElementRule => ({
  id, type: { generic: 'f_', intake: '', choice: 'c_', 'support-base': 'sb_' }[family] + kind, data,
});
const errorOf = (family: TFormFamily, element: TFormElementRule, values: TFormValues) => validateFormElement(family, element, values, context)?.message ?? null;

describe('element types per family', () => {
  it('knows each family by its prefix and refuses kinds a family has not', () => {
    expect(formElementKind('generic', 'f_drawinginput')).toBe('drawinginput');
    expect(formElementKind('intake', 'drawinginput')).toBe('drawinginput');
    expect(formElementKind('choice', 'c_calculatorinput')).toBe('calculatorinput');
    expect(formElementKind('support-base', 'sb_agreeinput')).toBe('agreeinput');
    expect(formElementKind('generic', 'textinput')).toBeNull();
    expect(formElementKind('intake', 'f_textinput')).toBeNull();
    expect(formElementKind('support-base', 'sb_photoinput')).toBeNull();
    expect(formElementKind('generic', 'f_choice')).toBeNull();
    expect(FORM_ELEMENT_TYPES).toContain('c_addressinput');
    expect(FORM_ELEMENT_TYPES).toHaveLength(11 + 11 + 13 + 10);
  });

  it('accepts every type in the wire schema and refuses an unknown one', () => {
    for (const type of FORM_ELEMENT_TYPES) expect(ZFormElementDefinition.safeParse({ id: 'e1', type, data: {} }).success).toBe(true);
    expect(ZFormElementDefinition.safeParse({ id: 'e1', type: 's_textinput', data: {} }).success).toBe(false);
  });

  it("marks required labels with ' *'; an agreement is always required", () => {
    expect(requiredLabel('Naam', true)).toBe('Naam *');
    expect(requiredLabel('Naam', false)).toBe('Naam');
    expect(countRequiredFields('support-base', [el('support-base', 'agreeinput')], {}, context)).toEqual({ nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0 });
  });
});

describe('validateFormElement', () => {
  it('requires text only when required, and keeps a maxLength over 0', () => {
    for (const family of ['generic', 'intake', 'choice', 'support-base'] as const) {
      expect(errorOf(family, el(family, 'textinput', { requiredField: true }), {})).toBe(formMessages.required);
      expect(errorOf(family, el(family, 'textinput', { requiredField: true }), { textinput: '   ' })).toBe(formMessages.required);
      expect(errorOf(family, el(family, 'textinput'), {})).toBeNull();
      expect(errorOf(family, el(family, 'textareainput', { maxLength: 5 }), { textareainput: 'zes...' })).toBe(formMessages.tooLong(5));
      expect(errorOf(family, el(family, 'textareainput', { maxLength: 0 }), { textareainput: 'x'.repeat(500) })).toBeNull();
    }
    expect(formMessages.counter(12, 200)).toBe('(12 van 200 tekens)');
  });

  it('takes whole numbers within the bounds, each family with its own hint', () => {
    expect(numberHint('generic', 1, 10)).toBe('Vul een getal van 1 t/m 10 in');
    expect(numberHint('intake', 1, 10)).toBe('(min. 1 en max. 10)');
    expect(numberHint('support-base', 1, 10)).toBe('(min. 1 en max. 10)');
    expect(numberHint('choice', 1, 10)).toBe('De min. waarde is: 1 en de max. waarde is: 10');
    const n = (family: TFormFamily) => el(family, 'numberinput', { minValue: 1, maxValue: 10 });
    expect(errorOf('generic', n('generic'), { numberinput: 11 })).toBe('Vul een getal van 1 t/m 10 in');
    // The intake's and support-base's hint is no message: their error says what is wrong (not the hint again).
    expect(errorOf('intake', n('intake'), { numberinput: 2.5 })).toBe('Vul een heel getal in');
    expect(errorOf('intake', n('intake'), { numberinput: '3' })).toBe('Vul een heel getal in');
    expect(errorOf('intake', n('intake'), { numberinput: 10 })).toBeNull();
    expect(errorOf('support-base', n('support-base'), { numberinput: 25 })).toBe('Dit getal is hoger dan het maximum van 10');
    expect(errorOf('support-base', n('support-base'), { numberinput: 0 })).toBe('Dit getal is lager dan het minimum van 1');
    // default bounds -1e12 .. 1e12
    expect(errorOf('intake', el('intake', 'numberinput'), { numberinput: -1e12 })).toBeNull();
    expect(errorOf('intake', el('intake', 'numberinput'), { numberinput: 1e12 + 1 })).toBe('Dit getal is hoger dan het maximum van 1000000000000');
    // the choice form's number has one or two digits
    expect(errorOf('choice', el('choice', 'numberinput', { maxValue: 500 }), { numberinput: 100 })).toBe('De min. waarde is: -1000000000000 en de max. waarde is: 500');
    expect(errorOf('choice', el('choice', 'calculatorinput', { minValue: 0, maxValue: 100 }), { calculatorinput: 12.25 })).toBeNull();
    expect(errorOf('choice', el('choice', 'calculatorinput', { minValue: 0, maxValue: 100 }), { calculatorinput: 12.255 })).not.toBeNull();
  });

  it('takes times from 09:00 within the window (default till 12:00) and real dates as DD-MM-YYYY', () => {
    const time = el('generic', 'timeinput');
    expect(errorOf('generic', time, { timeinput: '09:00' })).toBeNull();
    expect(errorOf('generic', time, { timeinput: '12:00' })).toBeNull();
    expect(errorOf('generic', time, { timeinput: '08:59' })).toBe('Kies een tijd tussen 09:00 en 12:00');
    expect(errorOf('generic', time, { timeinput: '12:01' })).toBe('Kies een tijd tussen 09:00 en 12:00');
    expect(errorOf('generic', el('generic', 'timeinput', { fromHour: '07:00', tillHour: '17:30' }), { timeinput: '08:00' })).toBe('Kies een tijd tussen 09:00 en 17:30');
    expect(errorOf('generic', el('generic', 'timeinput', { fromHour: '13:00', tillHour: '17:30' }), { timeinput: '17:30' })).toBeNull();
    const date = el('intake', 'dateinput');
    expect(errorOf('intake', date, { dateinput: '29-02-2028' })).toBeNull();
    expect(errorOf('intake', date, { dateinput: '29-02-2027' })).toBe(formMessages.dateInvalid);
    expect(errorOf('intake', date, { dateinput: '2027-02-01' })).toBe(formMessages.dateInvalid);
  });

  it('takes an option of a dropdown or radio; a required check group needs one ticked option', () => {
    const options = [{ label: 'Ja' }, { label: 'Nee' }];
    expect(errorOf('generic', el('generic', 'select', { type: 'radio', options, requiredField: true }), { select: 'Misschien' })).toBe(formMessages.notAnOption);
    expect(errorOf('generic', el('generic', 'select', { type: 'dropdown', options }), { select: 'Nee' })).toBeNull();
    const check = el('intake', 'select', { type: 'check', options, requiredField: true });
    expect(elementKeys('intake', check)).toEqual([optionKey('select', 0), optionKey('select', 1)]);
    expect(validateFormElement('intake', check, { 'select-value-0': false }, context)).toEqual({ field: 'values.select-value-0', message: formMessages.checkRequired });
    expect(errorOf('intake', check, { 'select-value-1': true })).toBeNull();
    expect(errorOf('intake', check, { 'select-value-1': 'ja' })).toBe(formMessages.invalidValue);
  });

  it('needs a photo uploaded for this entry and element, unless it is optional and empty', () => {
    const photo = el('generic', 'photoinput', { requiredField: true }, 'photo');
    expect(errorOf('generic', photo, {})).toBe(formMessages.photoRequired);
    expect(errorOf('generic', photo, { photo: 7 })).toBeNull();
    expect(errorOf('generic', photo, { photo: 8 })).toBe(formMessages.photoUnknown);
    expect(errorOf('generic', { ...photo, data: {} }, {})).toBeNull();
  });

  it('contact input: Achternaam when required or a contact is chosen; an occupant of the address only', () => {
    const required = el('intake', 'contactinput', { requiredField: true });
    const optional = el('intake', 'contactinput');
    const cp = { gender: 'f', initials: 'A.', first_name: 'Anna', affix: null, last_name: 'de Vries', description: null, email_address: 'anna@example.nl', prefer_email: true, telephone: null, mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null } as const;
    // 'Geen contactpersoon' chosen: there is no Achternaam to fill in, so the message asks for a contact.
    expect(errorOf('intake', required, { contactinput: { cp_id: 'none', cp: null } })).toBe('Kies een contactpersoon of vul er zelf een in');
    expect(errorOf('intake', required, {})).toBe('Kies een contactpersoon of vul er zelf een in');
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'none', cp: null } })).toBeNull();
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'custom', cp: { ...cp, last_name: '' } } })).toBe(formMessages.lastNameRequired);
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'custom', cp } })).toBeNull();
    expect(errorOf('intake', optional, { contactinput: { cp_id: 5, cp } })).toBeNull();
    expect(errorOf('intake', optional, { contactinput: { cp_id: 99, cp } })).toBe(formMessages.contactUnknown);
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'custom', cp: { ...cp, gender: 'x' as 'f' } } })).toBe(formMessages.invalidValue);
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'custom', cp: { ...cp, email_address: 'anna@example' } } })).toBe(formMessages.emailInvalid);
    expect(errorOf('intake', optional, { contactinput: { cp_id: 'custom', cp: { ...cp, different_address: true, zipcode: '12345' } } })).toBe(formMessages.zipcodeInvalid);
  });

  it('contact input: asks only the fields its per-field flags name (spec 3.2), Achternaam always; refuses the others', () => {
    const flags = { initials: true, telephone: true, different_address: true };
    const asking = el('generic', 'contactinput', { requiredField: true, contact_fields: flags });
    expect(['last_name', 'initials', 'telephone', 'street', 'zipcode'].every((f) => contactFieldAsked(asking.data, f as 'street'))).toBe(true);
    expect(['first_name', 'affix', 'gender', 'email_address', 'prefer_email', 'mobile', 'description'].some((f) => contactFieldAsked(asking.data, f as 'street'))).toBe(false);
    // Without flags every field is asked (forms made before them).
    expect(contactFieldAsked({}, 'prefer_email')).toBe(true);
    const blank = { gender: null, initials: null, first_name: null, affix: null, last_name: 'Visser', description: null, email_address: null, prefer_email: false, telephone: '0301234567', mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null } as const;
    expect(errorOf('generic', asking, { contactinput: { cp_id: 'custom', cp: blank } })).toBeNull();
    for (const extra of [{ first_name: 'Sanne' }, { gender: 'f' as const }, { prefer_email: true }, { description: ' x ' }]) {
      expect(errorOf('generic', asking, { contactinput: { cp_id: 'custom', cp: { ...blank, ...extra } } })).toBe(formMessages.contactFieldNotAsked);
    }
    expect(errorOf('generic', asking, { contactinput: { cp_id: 'custom', cp: { ...blank, first_name: ' ', description: '' } } })).toBeNull(); // blank is not given
    expect(errorOf('generic', asking, { contactinput: { cp_id: 'custom', cp: { ...blank, different_address: true, street: 'Dorpsstraat', zipcode: '1234AB' } } })).toBeNull();
    const noAddress = { ...asking, data: { contact_fields: { initials: true } } };
    expect(errorOf('generic', noAddress, { contactinput: { cp_id: 'custom', cp: { ...blank, telephone: null, zipcode: '1234AB' } } })).toBe(formMessages.contactFieldNotAsked);
    // What a save sends: the fields not asked left blank.
    expect(askedContact(noAddress.data, { ...blank, first_name: 'Sanne', prefer_email: true, different_address: true, city: 'Utrecht', initials: 'S.' }))
      .toEqual({ ...blank, telephone: null, initials: 'S.' });
    expect(askedContact({}, { ...blank, first_name: 'Sanne' })).toEqual({ ...blank, first_name: 'Sanne' });
  });

  it('drawing: pins numbered from 1 labelled Pin n inside the drawing, values among the options; required means one pin', () => {
    const drawing = el('intake', 'drawinginput', { requiredField: true, options: [{ label: 'Scheur' }, { label: 'Lekkage' }] });
    expect(validateFormElement('intake', drawing, {}, context)).toEqual({ field: `values.${pinpointsKey('drawinginput')}`, message: formMessages.pinRequired });
    expect(errorOf('intake', drawing, { 'drawinginput-pinpoints': [pin(1, { value: 'Scheur' }), pin(2, { value: 'Lekkage', comment: 'bij het raam' })] })).toBeNull();
    expect(errorOf('intake', drawing, { 'drawinginput-pinpoints': [pin(2)] })).toBe(formMessages.pinInvalid);
    expect(errorOf('intake', drawing, { 'drawinginput-pinpoints': [pin(1, { x: 1.2 })] })).toBe(formMessages.pinInvalid);
    expect(errorOf('intake', drawing, { 'drawinginput-pinpoints': [pin(1, { value: 'Schimmel' })] })).toBe(formMessages.notAnOption);
  });

  it('signature: a PNG data URL; agreement: agree or disagree', () => {
    expect(errorOf('generic', el('generic', 'signatureinput', { requiredField: true }), {})).toBe(formMessages.signatureRequired);
    expect(errorOf('generic', el('generic', 'signatureinput'), { signatureinput: PNG })).toBeNull();
    expect(errorOf('generic', el('generic', 'signatureinput'), { signatureinput: 'data:image/svg+xml;base64,PHN2Zz4=' })).toBe(formMessages.signatureRequired);
    expect(errorOf('support-base', el('support-base', 'agreeinput'), {})).toBe(formMessages.agreeRequired);
    expect(errorOf('support-base', el('support-base', 'agreeinput'), { agreeinput: 'disagree' })).toBeNull();
  });
});

describe('validateFormSection and countRequiredFields', () => {
  const elements = [
    el('generic', 'title', { label: 'Uw gegevens' }),
    el('generic', 'textinput', { requiredField: true, label: 'Naam' }, 'name'),
    el('generic', 'numberinput', { minValue: 0, maxValue: 5 }, 'count'),
    el('generic', 'select', { type: 'check', requiredField: true, options: [{ label: 'A' }, { label: 'B' }] }, 'rooms'),
  ];

  it('refuses keys no element of the section has, and reports every error at once', () => {
    const errors = validateFormSection('generic', elements, { name: '', count: 9, other: 'x' }, context);
    expect(errors.map((e) => e.field).sort()).toEqual(['values.count', 'values.name', 'values.other', 'values.rooms-value-0']);
  });

  it('checks only what was given for a draft save', () => {
    expect(validateFormSection('generic', elements, { count: 3 }, context, { onlyGiven: true })).toEqual([]);
    expect(validateFormSection('generic', elements, { count: 9 }, context, { onlyGiven: true }).map((e) => e.field)).toEqual(['values.count']);
  });

  it('counts required fields and the validly filled ones', () => {
    expect(countRequiredFields('generic', elements, {}, context)).toEqual({ nr_of_required_fields: 2, nr_of_required_fields_filled_in: 0 });
    expect(countRequiredFields('generic', elements, { name: 'Piet', 'rooms-value-1': true }, context)).toEqual({ nr_of_required_fields: 2, nr_of_required_fields_filled_in: 2 });
  });

  it('takes the save body on the wire with pins and contacts', () => {
    const body = { values: { name: 'Piet', 'rooms-value-0': true, 'd-pinpoints': [pin(1)], c: { cp_id: 'none', cp: null }, n: 3, empty: null } };
    expect(ZFormSaveBody.safeParse(body).success).toBe(true);
    expect(ZFormSaveBody.safeParse({ values: { x: { nested: { deep: 1 } } } }).success).toBe(false);
  });
});

describe('signing mobile numbers', () => {
  it('reads spaces, dashes, +31 and 0031 and keeps the 10-digit form; says what is wrong otherwise', () => {
    for (const written of ['0612345678', '06 1234 5678', '06-1234-5678', '+31612345678', '+31 6 1234 5678', '0031 6 12345678', '+31 (0)6 1234 5678']) {
      expect(signingMobile(written), written).toBe('0612345678');
      expect(signingMobileError(1, written), written).toBeNull();
    }
    const spec = 'Er is geen geldig mobiel nummer 2 ingevuld, bijvoorbeeld: 0612345678.';
    expect(signingMobileError(2, '')).toBe(spec);
    expect(signingMobileError(2, '06 1234 567')).toBe(`${spec} U vulde 9 cijfers in; een mobiel nummer heeft er 10.`);
    expect(signingMobileError(2, '06 1234 56789')).toBe(`${spec} U vulde 11 cijfers in; een mobiel nummer heeft er 10.`);
    expect(signingMobileError(2, '020 123 4567')).toBe(`${spec} Een mobiel nummer begint met 06.`);
    expect(signingMobileError(2, '06/12345678')).toBe(`${spec} Gebruik alleen cijfers, spaties en streepjes, met eventueel +31 vooraan.`);
    expect(signingMobile('3161234567')).toBeNull();
  });

  it('the wire schema hands the service the stored form, and other text trimmed', () => {
    expect(ZSigningMobileInput.parse(' +31 6-1234-5678 ')).toBe('0612345678');
    expect(ZSigningMobileInput.parse(' 0612 ')).toBe('0612');
    expect(ZSigningMobileInput.safeParse('0'.repeat(41)).success).toBe(false);
  });
});

describe('the steps after the sections', () => {
  it('number of signatures in the input: below 1, or empty, becomes 1 (spec 5)', () => {
    expect(['0', '', '00', 'x'].map(atLeastOneSignature)).toEqual(['1', '1', '1', '1']);
    expect(['1', '2', '12'].map(atLeastOneSignature)).toEqual(['1', '2', '12']);
  });

  it('number of signatures: digits only, at least 1', () => {
    expect(nrOfSignaturesError('2')).toBeNull();
    expect(nrOfSignaturesError(1)).toBeNull();
    for (const bad of ['0', '', '1.5', 'twee', -1, 0]) expect(nrOfSignaturesError(bad)).toBe('Het aantal handtekeningen moet groter of gelijk zijn aan 1');
  });

  it('e-mail list: empty entries skipped, invalid positions joined by " en "', () => {
    expect(emailListError(['a@example.nl', '', 'b@example.com'])).toBeNull();
    expect(emailListError(['a@example.nl', 'fout', '', 'c@example.toolong'])).toBe('Er is geen geldig e-mailadres ingevuld op positie: 2 en 4');
  });

  it('drawn signature of a generic form needs a drawing, a name and a description', () => {
    expect(drawnSignatureErrors({}, true).map((e) => e.message)).toEqual([
      'Geef een handtekening op', 'Geef op door wie de handtekening is gezet', 'Geef een omschrijving op door wie de handtekening is gezet',
    ]);
    expect(drawnSignatureErrors({ signature: PNG, who: 'Anna', description: 'Bewoner' }, true)).toEqual([]);
  });

  it('intake and support-base statuses that may still be changed', () => {
    for (const s of ['', null, undefined, 'open', 'new', 'denied']) expect(isEditableStatus(s)).toBe(true);
    for (const s of ['sent', 'signed', 'confirmed']) expect(isEditableStatus(s)).toBe(false);
  });
});

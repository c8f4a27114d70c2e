import { describe, expect, it } from 'vitest';
import type { TFormSection } from '@portal/contract';
import { occupantContact } from './components/contact-input';
import { sectionValues, wireValues } from './values';

const section: TFormSection = {
  id: 's', label: null, nr_of_required_fields: 0, nr_of_required_fields_filled_in: 0,
  elements: [
    { id: 'kop', type: 'title', data: { label: 'Kop' } },
    { id: 'naam', type: 'textinput', data: { label: 'Naam', defaultValue: 'Onbekend' }, value: null },
    { id: 'kleur', type: 'select', data: { label: 'Kleur', type: 'dropdown', defaultValue: 'Paars', options: [{ label: 'Rood' }] } },
    { id: 'ruimtes', type: 'select', data: { label: 'Ruimtes', type: 'check', options: [{ label: 'Keuken' }, { label: 'Zolder' }] }, checked: [false, true] },
    { id: 'plattegrond', type: 'drawinginput', data: { label: 'Plattegrond' }, pinpoints: [{ id: 'p1', x: 0.5, y: 0.5, value: '', comment: 'hier', label: 'Pin 1', nr: 1 }] },
    { id: 'foto', type: 'photoinput', data: { label: 'Foto' }, photo: { id: 9, image_width: 10, image_height: 10, url: '/api/files/9/foto.png' } },
    { id: 'contact', type: 'contactinput', data: { label: 'Contact' }, cp_id: 'custom', cp: null },
    { id: 'tijd', type: 'timeinput', data: { label: 'Tijd', defaultValue: '07:00' } },
  ],
};

describe('the values of a section', () => {
  it('reads what the server sends per element into the flat map, with staff defaults that fit', () => {
    expect(sectionValues('intake', section)).toEqual({
      naam: 'Onbekend', kleur: null, 'ruimtes-value-0': false, 'ruimtes-value-1': true,
      'plattegrond-pinpoints': [{ id: 'p1', x: 0.5, y: 0.5, value: '', comment: 'hier', label: 'Pin 1', nr: 1 }],
      foto: 9, contact: { cp_id: 'custom', cp: null }, tijd: null,
    });
  });

  it('sends every key of the section and nothing else: blank text as null, missing ones empty', () => {
    expect(wireValues('intake', section, { naam: '  ', 'ruimtes-value-1': true, andere: 'x' })).toEqual({
      naam: null, kleur: null, 'ruimtes-value-0': false, 'ruimtes-value-1': true, 'plattegrond-pinpoints': [], foto: null, contact: null, tijd: null,
    });
  });

  it("sends a contact with only the fields its element's flags ask (spec 3.2), Achternaam always", () => {
    const flagged: Pick<TFormSection, 'elements'> = {
      elements: [{ id: 'contact', type: 'f_contactinput', data: { label: 'Contact', contact_fields: { first_name: true, telephone: true } } }],
    };
    const cp = {
      gender: 'f', initials: 'A.', first_name: 'Anna', affix: 'de', last_name: 'Vries', description: 'Hoofdbewoner', email_address: 'anna@example.nl', prefer_email: true,
      telephone: '0301234567', mobile: null, different_address: true, street: 'Dorpsstraat', house_number: '1', house_number_suffix: null, zipcode: '1234AB', city: 'Utrecht',
    } as const;
    expect(wireValues('generic', flagged, { contact: { cp_id: 'custom', cp } })).toEqual({
      contact: {
        cp_id: 'custom',
        cp: {
          gender: null, initials: null, first_name: 'Anna', affix: null, last_name: 'Vries', description: null, email_address: null, prefer_email: false,
          telephone: '0301234567', mobile: null, different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null,
        },
      },
    });
    // Without flags every field goes, as before.
    expect(wireValues('generic', { elements: [{ ...flagged.elements[0]!, data: { label: 'Contact' } }] }, { contact: { cp_id: 'custom', cp } })).toEqual({ contact: { cp_id: 'custom', cp } });
  });

  it('fills an occupant in as contact with the name fields the input asks', () => {
    expect(occupantContact({}, 'Jan de Vries')).toMatchObject({ first_name: 'Jan', affix: 'de', last_name: 'Vries' });
    expect(occupantContact({ contact_fields: { first_name: true } }, 'Jan de Vries')).toMatchObject({ first_name: 'Jan', affix: null, last_name: 'de Vries' });
    expect(occupantContact({ contact_fields: { telephone: true } }, 'Jan de Vries')).toMatchObject({ first_name: null, affix: null, last_name: 'de Vries' });
  });
});

import { describe, expect, it } from 'vitest';
import { STAFF_DOCUMENT_MAX_BYTES, ZStaffContactBody, ZStaffPartnerBody } from '@portal/contract';
import { documentFileProblem } from './file-field';
import { formatFileSize } from './texts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the browser’s checks of the console’s forms (the contract’s rules)', () => {
  it('takes a PDF, png or jpeg of at most 20 MB, with the server’s Dutch messages', () => {
    expect(documentFileProblem(null)).toBe('Kies een bestand');
    expect(documentFileProblem(file('brief.pdf', 'application/pdf'))).toBeUndefined();
    expect(documentFileProblem(file('foto.JPG', ''))).toBeUndefined();
    expect(documentFileProblem(file('tekening.svg', 'image/svg+xml'))).toBe('Kies een PDF-bestand of een afbeelding (PNG of JPEG)');
    expect(documentFileProblem(file('groot.pdf', 'application/pdf', STAFF_DOCUMENT_MAX_BYTES + 1))).toBe('Het bestand is te groot: maximaal 20 MB');
  });

  it('reads a partner’s coordinates as typed in Dutch, both or neither', () => {
    const base = { name: 'Van Dijk', logo_id: null, website: '', is_public: true, position: '', information_item_ids: ['3'] };
    expect(ZStaffPartnerBody.parse({ ...base, lat: '52,0907', lng: ' 5.1214 ' })).toMatchObject({ lat: 52.0907, lng: 5.1214, website: null, position: 0, information_item_ids: [3] });
    const half = ZStaffPartnerBody.safeParse({ ...base, lat: '52,09', lng: '' });
    expect(half.success ? [] : half.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lng', 'Vul zowel de breedtegraad als de lengtegraad in, of geen van beide']]);
  });

  it('checks a contact’s e-mail address and phone numbers', () => {
    const base = { first_name: 'Noor', last_name: 'Dam', avatar_id: null, logo_id: null, can_chat: true, is_public: true, position: '1' };
    expect(ZStaffContactBody.parse({ ...base, email: '', phone_number: '+31 (0)30-1234567' })).toMatchObject({ email: null, phone_number: '+31 (0)30-1234567' });
    const bad = ZStaffContactBody.safeParse({ ...base, email: 'noor@', mobile_number: 'bel maar' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Vul een geldig e-mailadres in', 'Vul een geldig telefoonnummer in']);
  });

  it('says file sizes the Dutch way', () => {
    expect(formatFileSize(591)).toBe('591 B');
    expect(formatFileSize(1536)).toBe('1,5 kB');
    expect(formatFileSize(2_500_000)).toBe('2,4 MB');
  });
});

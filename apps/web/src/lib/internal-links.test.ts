import { describe, expect, it } from 'vitest';
import { hrefForReader, readerOfPath } from './internal-links';

const origin = 'https://portaal.example.nl';

describe('readerOfPath', () => {
  it('tells public visitors and partners of a project apart from residents', () => {
    expect(readerOfPath('/public/nieuws/7/3')).toEqual({ kind: 'public', projectId: 7 });
    expect(readerOfPath('/public/dashboard/7')).toEqual({ kind: 'public', projectId: 7 });
    expect(readerOfPath('/partner/informatie/9')).toEqual({ kind: 'partner', projectId: 9 });
    expect(readerOfPath('/nieuws/3')).toBeNull();
    expect(readerOfPath('/public/projecten')).toBeNull();
  });
});

describe('hrefForReader', () => {
  const visitor = { kind: 'public', projectId: 7 } as const;
  const partner = { kind: 'partner', projectId: 9 } as const;

  it('sends a visitor to the public page of the module, keeping the item id', () => {
    expect(hrefForReader('/documenten/', visitor, origin)).toBe('/public/documenten/7');
    expect(hrefForReader('/berichten', visitor, origin)).toBe('/public/berichten/7');
    expect(hrefForReader('/nieuws/12', visitor, origin)).toBe('/public/nieuws/7/12');
    expect(hrefForReader('/enquete/5', visitor, origin)).toBe('/public/enquete/7/5');
    expect(hrefForReader(`${origin}/informatie/4#kop`, visitor, origin)).toBe('/public/informatie/7/4#kop');
    // the public planning page has no day view
    expect(hrefForReader('/planning/2026-11-23/1', visitor, origin)).toBe('/public/planning/7');
  });

  it('sends a partner to the partner page, and leaves resident-only pages as written', () => {
    expect(hrefForReader('/berichten/', partner, origin)).toBe('/partner/berichten/9');
    expect(hrefForReader('/complaints/3', partner, origin)).toBe('/partner/complaints/9/3');
    expect(hrefForReader('/enquetes/', partner, origin)).toBe('/enquetes/');
    expect(hrefForReader('/afspraken', visitor, origin)).toBe('/afspraken');
  });

  it('leaves residents, other sites and mail links alone', () => {
    expect(hrefForReader('/documenten/', null, origin)).toBe('/documenten/');
    expect(hrefForReader('https://www.example.org/documenten/', visitor, origin)).toBe('https://www.example.org/documenten/');
    expect(hrefForReader('mailto:team@example.nl', visitor, origin)).toBe('mailto:team@example.nl');
  });
});

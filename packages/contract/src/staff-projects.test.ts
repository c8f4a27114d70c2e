import { describe, expect, it } from 'vitest';
import { brandColorProblem, colorMessages, contrastWithWhite, isReadableWithWhite } from './brand-color-rules.ts';
import { contrastRatio, readableTextOn } from './colors.ts';
import { editableModules, isHostName, isWebUrl, ZHostList, ZStaffCustomerBody } from './staff-projects.ts';
import { MODULE_NAMES } from './modules.ts';

describe('brand colours against white text (WCAG)', () => {
  it('computes the contrast ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastWithWhite('#767676')).toBe(4.5); // the lightest grey that passes AA
    expect(contrastWithWhite('#777777')).toBe(4.4);
  });

  it('accepts colours white text is readable on and explains the others in Dutch', () => {
    for (const demo of ['#0b5394', '#9a4f00', '#2e7d32', '#7a1f2b', '#3d3d3d']) expect(brandColorProblem(demo)).toBeNull();
    expect(isReadableWithWhite('#777777')).toBe(false);
    expect(brandColorProblem('#ffeb3b')).toBe('Deze kleur is te licht voor witte tekst: het contrast is 1,2:1 en moet minimaal 4,5:1 zijn. Kies een donkerdere kleur.');
    expect(brandColorProblem('0b5394')).toBe(colorMessages.invalid);
    expect(brandColorProblem('#0b539')).toBe(colorMessages.invalid);
    expect(brandColorProblem('red')).toBe(colorMessages.invalid);
  });

  it('chooses a readable text colour on a brand colour', () => {
    expect(readableTextOn('#0b5394')).toBe('#ffffff');
    expect(readableTextOn('#ffeb3b')).toBe('#111827');
  });
});

describe('host names and addresses', () => {
  it('accepts DNS names, localhost, IPv4 and the catch-all *', () => {
    for (const host of ['portaal.example.nl', 'localhost', 'devries.localhost', '127.0.0.1', '*', 'xn--bcher-kva.nl', 'a-b.c1.nl']) expect(isHostName(host), host).toBe(true);
    for (const host of ['https://portaal.nl', 'portaal.nl/pad', 'portaal.nl:3000', '-a.nl', 'a..nl', 'a_b.nl', '256.1.1.1', '01.1.1.1', '', 'Portaal.nl', `${'a'.repeat(64)}.nl`]) {
      expect(isHostName(host), host).toBe(false);
    }
  });

  it('lower-cases host names and refuses one twice', () => {
    expect(ZHostList.parse([' Portaal.Example.NL ', 'localhost'])).toEqual(['portaal.example.nl', 'localhost']);
    const result = ZHostList.safeParse(['a.nl', 'A.nl']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['1', 'Deze hostnaam staat er al in']]);
  });

  it('takes http(s) web addresses only', () => {
    expect(isWebUrl('https://www.example.nl/pad?x=1')).toBe(true);
    expect(isWebUrl('http://localhost:3000')).toBe(true);
    for (const url of ['www.example.nl', 'javascript:alert(1)', 'https://', 'https://nodot', 'ftp://example.nl', 'https://exa mple.nl']) expect(isWebUrl(url), url).toBe(false);
  });

  it('needs a notification text only when the notification shows', () => {
    const base = {
      name: 'Klant', color_primary: '#0b5394', color_secondary: '#9a4f00', website: '', domains: ['localhost'], login_url_occupants: '/inloggen',
      notification: { show: 'off' as const, title: '', text: '', sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, from_hour: '08:00', till_hour: '17:00' },
    };
    expect(ZStaffCustomerBody.safeParse(base).success).toBe(true);
    const shown = ZStaffCustomerBody.safeParse({ ...base, notification: { ...base.notification, show: 'between' } });
    expect(shown.error?.issues.map((i) => i.path.join('.'))).toEqual(['notification.text']);
  });
});

describe('editableModules', () => {
  it('lists the modules that are on first, in order, then the others; complaints carry module_18_name', () => {
    const list = editableModules({ modules: [{ name: 'scheduling', display_name: 'Planning' }, { name: 'complaints', display_name: 'x' }], module_18_name: 'Meldingen' });
    expect(list.slice(0, 3)).toEqual([
      { name: 'scheduling', display_name: 'Planning', enabled: true },
      { name: 'complaints', display_name: 'Meldingen', enabled: true },
      { name: 'news', display_name: 'Nieuws', enabled: false },
    ]);
    expect(list.map((m) => m.name).sort()).toEqual([...MODULE_NAMES].sort());
  });
});

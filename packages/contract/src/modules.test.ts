import { describe, expect, it } from 'vitest';
import { MODULE_NAMES, moduleTilePath } from './modules.ts';
import { workOrderStatusFromLabel } from './indicators.ts';
import { ICON_LABELS, iconLabel } from './icons.ts';
import { readdirSync } from 'node:fs';

describe('moduleTilePath', () => {
  it('sends partners to the partner pages of the read-only modules', () => {
    expect(moduleTilePath('news', 4, 'partner')).toBe('/partner/nieuws/4');
    expect(moduleTilePath('information', 4, 'partner')).toBe('/partner/informatie/4');
    expect(moduleTilePath('faq', 4, 'partner')).toBe('/partner/faq/4');
    expect(moduleTilePath('scheduling', 4, 'partner')).toBe('/partner/planning/4');
    expect(moduleTilePath('work_order', 4, 'partner')).toBe('/partner/werk-volgorde/4');
    expect(moduleTilePath('partners', 4, 'partner')).toBe('/partner/partners/4');
    expect(moduleTilePath('documents', 4, 'partner')).toBe('/partner/documenten/4');
    expect(moduleTilePath('contacts', 4, 'partner')).toBe('/partner/contactpersonen/4');
    expect(moduleTilePath('complaints', 4, 'partner')).toBe('/partner/complaints/4');
  });

  it('never sends a partner to a resident page: resident-only modules have no partner path', () => {
    for (const name of ['survey', 'appointments', 'dossier'] as const) expect(moduleTilePath(name, 4, 'partner')).toBeNull();
    expect(moduleTilePath('intake', 4, 'partner')).toBe('/partner/opname/project/4/formulieren');
    expect(moduleTilePath('forms', 4, 'partner')).toBe('/partner/keuze/project/4/formulieren');
    for (const name of MODULE_NAMES) expect(moduleTilePath(name, 4, 'partner') ?? '/partner/').toMatch(/^\/partner\//);
  });

  it('gives every module a resident path and public paths with the project id', () => {
    for (const name of MODULE_NAMES) expect(moduleTilePath(name, 4, 'occupant')).toMatch(/^\//);
    expect(moduleTilePath('news', 4, 'public')).toBe('/public/nieuws/4');
    expect(moduleTilePath('dossier', 4, 'public')).toBe('/public/dashboard/4');
  });
});

describe('workOrderStatusFromLabel', () => {
  it('maps the status names of the map legend and of the resident list onto the three statuses', () => {
    expect(workOrderStatusFromLabel('In voorbereiding')).toBe('in_preparation');
    expect(workOrderStatusFromLabel('In progress')).toBe('in_progress');
    expect(workOrderStatusFromLabel('In uitvoering')).toBe('in_progress');
    expect(workOrderStatusFromLabel('Gereed melden')).toBe('done');
    expect(workOrderStatusFromLabel(' Gereed ')).toBe('done');
    expect(workOrderStatusFromLabel('onbekend')).toBe('in_preparation');
  });
});

describe('iconLabel', () => {
  it('names every icon of the shipped set, and unknown ones by their file name', () => {
    const shipped = readdirSync(new URL('../../../apps/api/assets/icons/', import.meta.url)).map((f) => f.replace(/\.svg$/, ''));
    expect(Object.keys(ICON_LABELS).sort()).toEqual(shipped.sort());
    expect(iconLabel('/api/assets/icons/keuken.svg')).toBe('Keuken');
    expect(iconLabel('/api/assets/icons/zonnepaneel.svg?v=2')).toBe('Zonnepanelen');
    expect(iconLabel('/api/assets/icons/nieuw-icoon.svg')).toBe('Nieuw icoon');
  });
});

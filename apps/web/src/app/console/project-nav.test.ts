import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import { isCurrent, projectNavItems } from './project-nav';

const keys = (role: keyof typeof ROLE_PERMISSIONS) => projectNavItems(7, ROLE_PERMISSIONS[role]).map((i) => i.key);

describe('the project navigation', () => {
  it('shows each item only with its permission', () => {
    expect(keys('customer-admin')).toEqual(['overview', 'content', 'addresses', 'forms', 'consent', 'payments', 'surveys', 'appointments', 'inbox', 'reach', 'retention', 'settings']);
    expect(keys('project-editor')).toEqual(['overview', 'content', 'addresses', 'forms', 'consent', 'payments', 'surveys', 'appointments', 'inbox', 'reach', 'settings']);
    expect(keys('woco-viewer')).toEqual(['overview', 'forms', 'consent', 'surveys', 'appointments', 'inbox']);
  });

  it('leads to the campaign for who follows the tally, else to the letters; the inbox filtered on the project', () => {
    const consent = (permissions: Parameters<typeof projectNavItems>[1]) => projectNavItems(7, permissions).find((i) => i.key === 'consent')?.href;
    expect(consent(['project.read', 'consent.tally.read'])).toBe('/projecten/7/draagvlak/campagne');
    expect(consent(['project.read', 'consent.letters.print'])).toBe('/projecten/7/draagvlak');
    expect(consent(['project.read'])).toBeUndefined();
    expect(projectNavItems(7, ['chat.read']).find((i) => i.key === 'inbox')?.href).toBe('/inbox?project=7');
  });

  it('marks the item of the current page: the overview only on the project itself, a section on its pages below', () => {
    const current = (location: string) => projectNavItems(7, ROLE_PERMISSIONS['customer-admin']).filter((i) => isCurrent(i, 7, location)).map((i) => i.key);
    expect(current('/projecten/7')).toEqual(['overview']);
    expect(current('/projecten/7/formulieren/3/invullingen')).toEqual(['forms']);
    expect(current('/projecten/7/draagvlak/campagne')).toEqual(['consent']);
    expect(current('/projecten/7/instellingen')).toEqual(['settings']);
    expect(current('/projecten/7/bewaren')).toEqual(['retention']);
    expect(current('/projecten/7/bereik')).toEqual(['reach']);
    expect(current('/projecten/70/adressen')).toEqual([]);
    expect(current('/inbox')).toEqual([]);
  });
});

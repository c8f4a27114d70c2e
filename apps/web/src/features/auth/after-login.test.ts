import { beforeEach, describe, expect, it } from 'vitest';
import type { TLoginResponse } from '@portal/contract';
import { afterProjectChosen, storeLoginAndRoute } from './after-login';
import { storage } from '../../lib/storage';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
  clear() { this.data.clear(); }
}

const base: TLoginResponse = { success: true, token: 't', role: 'occupant', projects: [] };
const p = (id: number, customer_id = 1) => ({ id, name: `P${id}`, customer_id });

describe('storeLoginAndRoute', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
  });

  it('sends an occupant with one project to the dashboard and stores the project', () => {
    expect(storeLoginAndRoute({ ...base, projects: [p(7)] })).toBe('/dashboard');
    expect(storage.projectId()).toBe(7);
  });
  it('sends an occupant with several projects to the project list', () => {
    expect(storeLoginAndRoute({ ...base, projects: [p(1), p(2)] })).toBe('/projecten');
  });
  it('returns an occupant to the place asked for before login', () => {
    storage.setReturnTo('/nieuws/3');
    expect(storeLoginAndRoute({ ...base, projects: [p(1)] })).toBe('/nieuws/3');
  });
  it('returns an occupant with several projects to the place asked for: at once when the project chosen before is one of them', () => {
    storage.setProjectId(2);
    storage.setReturnTo('/nieuws/3');
    expect(storeLoginAndRoute({ ...base, projects: [p(1), p(2)] })).toBe('/nieuws/3');
    expect(storage.projectId()).toBe(2);
    expect(storage.returnTo()).toBeNull();
  });
  it('returns an occupant with several projects to the place asked for after choosing a project', () => {
    storage.setReturnTo('/afspraken');
    expect(storeLoginAndRoute({ ...base, projects: [p(1), p(2)] })).toBe('/projecten');
    expect(afterProjectChosen(2)).toBe('/afspraken');
    expect(storage.projectId()).toBe(2);
    expect(afterProjectChosen(1)).toBe('/dashboard'); // asked for once
  });
  it('returns a partner to the partner page asked for, never to a resident page', () => {
    const partner = { ...base, role: 'partner' as const, customers: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], projects: [p(1), p(3, 2)] };
    storage.setReturnTo('/partner/nieuws/3/12');
    expect(storeLoginAndRoute(partner)).toBe('/partner/nieuws/3/12');
    storage.setReturnTo('/nieuws/3');
    expect(storeLoginAndRoute(partner)).toBe('/partner/klanten');
    storage.setReturnTo('/partner/klanten');
    expect(storeLoginAndRoute({ ...base, projects: [p(1)] })).toBe('/dashboard');
  });
  it('routes partners by their customers and projects', () => {
    const partner = { ...base, role: 'partner' as const };
    expect(storeLoginAndRoute({ ...partner, customers: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], projects: [p(1), p(3, 2)] })).toBe('/partner/klanten');
    expect(storeLoginAndRoute({ ...partner, customers: [{ id: 1, name: 'A' }], projects: [p(1), p(2)] })).toBe('/partner/projecten/1');
    expect(storeLoginAndRoute({ ...partner, customers: [{ id: 1, name: 'A' }], projects: [p(5)] })).toBe('/partner/dashboard/5');
  });
  it('treats an answer without a token as a failed login', () => {
    expect(storeLoginAndRoute({ success: false, action: 'activate-account' })).toBe('/inloggen');
  });
});

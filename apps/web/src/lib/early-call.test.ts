import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, earlyData, settleEarlyCall } from './api';

/** index.html's inline script, run as the browser runs it: before the app, with the page's address and storage. */
const page = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';

type Call = { url: string; authorization: string | undefined };

describe("index.html asks for the first screen's data before the app has loaded, and the app takes that answer", () => {
  let calls: Call[];
  let stored: Record<string, string>;
  const open = (pathname: string) => {
    Object.assign(globalThis, { location: { pathname, origin: 'http://portaal.test' } });
    new Function(inlineScript)();
  };

  beforeEach(() => {
    calls = [];
    stored = {};
    Object.assign(globalThis, {
      window: globalThis,
      localStorage: { getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => (stored[key] = value), removeItem: (key: string) => delete stored[key] },
      fetch: async (url: string, init: { headers?: Record<string, string> } = {}) => {
        calls.push({ url, authorization: init.headers?.authorization });
        return new Response(JSON.stringify({ call: calls.length }), { status: 200 });
      },
    });
  });
  afterEach(() => {
    delete (globalThis as { __portalEarly?: unknown }).__portalEarly;
  });

  it("the resident's dashboard: the project call is made once, with the token, and answered from the early call", async () => {
    Object.assign(stored, { 'portal.token': 'tok-1', 'portal.project_id': '7' });
    open('/dashboard');
    expect(calls).toEqual([{ url: '/api/occupant/project?language=nl&project_id=7', authorization: 'Bearer tok-1' }]);
    expect(await api('/occupant/project')).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
    // taken once: a later read asks the server again
    expect(await api('/occupant/project')).toEqual({ call: 2 });
  });

  it('main.tsx waits for the answer before the first render: the query starts with its data, and the GET still takes it without asking again', async () => {
    Object.assign(stored, { 'portal.token': 'tok-1', 'portal.project_id': '7' });
    open('/dashboard');
    expect(earlyData('/occupant/project')).toBeUndefined(); // not read yet
    await settleEarlyCall(1000);
    expect(earlyData('/occupant/project')).toEqual({ call: 1 });
    expect(earlyData('/occupant/project', { query: { project_id: 8 } })).toBeUndefined();
    expect(earlyData('/occupant/project', { token: 'tok-2' })).toBeUndefined();
    expect(await api('/occupant/project')).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
    expect(earlyData('/occupant/project')).toBeUndefined(); // taken
  });

  it('an early answer that failed is not shown as data, and the call that takes it fails as the server said', async () => {
    Object.assign(stored, { 'portal.token': 'old', 'portal.project_id': '7' });
    Object.assign(globalThis, { fetch: async () => new Response(JSON.stringify({ message: 'Niet ingelogd' }), { status: 401 }) });
    open('/dashboard');
    await settleEarlyCall(1000);
    expect(earlyData('/occupant/project')).toBeUndefined();
    await expect(api('/occupant/project', { handleAuthErrors: true })).rejects.toMatchObject({ status: 401, message: 'Niet ingelogd' });
  });

  it('a public dashboard: the public project call, without a token even when one is stored', async () => {
    Object.assign(stored, { 'portal.token': 'tok-1' });
    open('/public/dashboard/3/');
    expect(calls).toEqual([{ url: '/api/public/project/3?language=nl', authorization: undefined }]);
    expect(await api('/public/project/3', { token: false })).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
  });

  it('is not taken by another call or another token, and nothing is asked on other pages or without a session', async () => {
    Object.assign(stored, { 'portal.token': 'tok-1', 'portal.project_id': '7' });
    open('/dashboard');
    stored['portal.token'] = 'tok-2';
    expect(await api('/occupant/project')).toEqual({ call: 2 });
    expect(calls[1]).toEqual({ url: '/api/occupant/project?language=nl&project_id=7', authorization: 'Bearer tok-2' });
    delete (globalThis as { __portalEarly?: unknown }).__portalEarly;

    for (const pathname of ['/inloggen', '/nieuws', '/public/dashboard/abc', '/formulier/formulier/3/12', '/formulier/formulier/3/nieuw/0']) open(pathname);
    stored = {};
    open('/dashboard');
    open('/formulier/formulier/3/12/0');
    expect(calls).toHaveLength(2);
  });

  it("a step of a resident's form: the entry is asked for once, with the token, and the entry's GET takes the answer", async () => {
    Object.assign(stored, { 'portal.token': 'tok-1', 'portal.project_id': '7' });
    open('/formulier/formulier/3/12/1');
    expect(calls).toEqual([{ url: '/api/occupant/form/3/filled-in-form/12?language=nl&project_id=7', authorization: 'Bearer tok-1' }]);
    await settleEarlyCall(1000);
    expect(earlyData('/occupant/form/3/filled-in-form/12')).toEqual({ call: 1 });
    expect(earlyData('/occupant/form/3/filled-in-form/13')).toBeUndefined();
    expect(await api('/occupant/form/3/filled-in-form/12')).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
  });
});

/**
 * The set-up of the console's route test files: an app on its own database with the demo data and the
 * console sessions the tests call with. After set-up `receive` takes what the tests use:
 *
 *   let t: TestApp, tokens: ConsoleSessions, http: Requests;
 *   setUpStaffApp((app) => ({ t, tokens, http } = app));
 */
import { afterAll, beforeAll } from 'vitest';
import { consoleSessions, requests } from '../src/modules/staff-projects/test-setup.ts';
import { setUpContentApp, type ContentApp } from './content.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { caller, consoleTokens, type Caller, type ConsoleTokens } from './staff-content-b.ts';

export type ConsoleSessions = Awaited<ReturnType<typeof consoleSessions>>;
export type Requests = ReturnType<typeof requests>;

/** The demo app (no second customer) with the console sessions of consoleSessions and requests. */
export function setUpStaffApp(receive: (app: { t: TestApp; tokens: ConsoleSessions; http: Requests }) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    receive({ t, tokens: await consoleSessions(t), http: requests(t) });
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** setUpContentApp, then `more` of the ready app added to what `receive` takes. */
function setUpContentAppWith<X>(more: (app: ContentApp) => Promise<X>, receive: (app: ContentApp & X) => void): void {
  let app: ContentApp;
  setUpContentApp((ready) => {
    app = ready;
  });
  beforeAll(async () => {
    receive({ ...app, ...(await more(app)) });
  });
}

/** A content module's test (news, complaints, information, planning): setUpContentApp with consoleSessions and requests. */
export function setUpStaffContentApp(receive: (app: ContentApp & { staff: ConsoleSessions; http: Requests }) => void): void {
  setUpContentAppWith(async ({ t }) => ({ staff: await consoleSessions(t), http: requests(t) }), receive);
}

/** A content module's test of part B (work order, partners, contacts, documents, dossier): with consoleTokens and a caller. */
export function setUpStaffContentBApp(receive: (app: ContentApp & { staff: ConsoleTokens; call: Caller }) => void): void {
  setUpContentAppWith(async ({ t, elsewhere }) => ({ staff: await consoleTokens(t, elsewhere.customerId), call: caller(t) }), receive);
}

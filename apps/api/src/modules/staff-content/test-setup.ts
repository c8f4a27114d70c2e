import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import type { ConsoleSessions } from '../../../test/staff.ts';
import { auditOf, requests } from '../staff-projects/test-setup.ts';

export { auditOf, png } from '../staff-projects/test-setup.ts';

/** An ISO moment `minutes` from now (negative: in the past). */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * What every staff content endpoint must refuse with 404 (tests/staff per endpoint): an editor's project they
 * were not given, another customer's administrator, and an item of another project asked through a project
 * the caller may edit. Without a console session: 401.
 */
export async function expectStaffRefusals(t: TestApp, staff: ConsoleSessions, def: {
  /** The list path of a project: (projectId) => '/api/staff/projects/{id}/news'. */
  list: (projectId: number) => string;
  /** An item of the editor's project (Bloemenbuurt) and one of another project (Rivierenwijk). */
  own: number;
  foreign: number;
  body: unknown;
}) {
  const http = requests(t);
  const B = t.ids.projects.bloemenbuurt;
  const R = t.ids.projects.rivierenwijk;
  const item = (projectId: number, id: number) => `${def.list(projectId)}/${id}`;
  const calls = [
    ['GET', def.list(R), staff.editor], ['POST', def.list(R), staff.editor], ['GET', item(R, def.foreign), staff.editor], ['PUT', item(R, def.foreign), staff.editor],
    ['GET', def.list(B), staff.otherAdmin], ['POST', def.list(B), staff.otherAdmin], ['GET', item(B, def.own), staff.otherAdmin],
    ['PUT', item(B, def.own), staff.otherAdmin], ['DELETE', item(B, def.own), staff.otherAdmin],
    ['GET', item(B, def.foreign), staff.admin], ['PUT', item(B, def.foreign), staff.admin], ['DELETE', item(B, def.foreign), staff.admin],
  ] as const;
  for (const [method, url, token] of calls) {
    const res = method === 'GET' ? await http.get(url, token) : method === 'DELETE' ? await http.del(url, token)
      : method === 'PUT' ? await http.put(url, token, def.body) : await http.post(url, token, def.body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
  }
  expect((await http.get(def.list(B))).statusCode).toBe(401);
  expect((await http.get(item(B, def.own), staff.editor)).statusCode).toBe(200);
}

/** The audit actions of one record, oldest first. */
export const auditActions = async (t: TestApp, entity: string, id: number) => (await auditOf(t, entity, id)).map((e) => e.action);

import sharp from 'sharp';
import { bearer, consoleToken, type TestApp } from '../../../test/helpers.ts';

/** Console sessions of the demo: Woonstad's administrator, an editor of Bloemenbuurt only, De Vries's administrator. */
export async function consoleSessions(t: TestApp) {
  const { users, customers, projects } = t.ids;
  await t.query("UPDATE user_customers SET role = 'customer-admin' WHERE user_id = ANY($1)", [[users.admin, users.partner]]);
  await t.query("UPDATE user_customers SET role = 'project-editor' WHERE user_id = $1", [users.woco]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [users.woco, projects.bloemenbuurt]);
  for (const id of [users.admin, users.partner, users.woco]) await t.services.projects.invalidateStaff(id);
  return {
    admin: await consoleToken(t, users.admin),
    editor: await consoleToken(t, users.woco),
    /** The partner works for both customers; this session is De Vries's administrator. */
    otherAdmin: await consoleToken(t, users.partner, customers.devries),
  };
}

export function requests(t: TestApp) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url: string, token?: string) => send('GET', url, token),
    post: (url: string, token?: string, payload?: unknown) => send('POST', url, token, payload),
    put: (url: string, token: string | undefined, payload: unknown) => send('PUT', url, token, payload),
    del: (url: string, token?: string) => send('DELETE', url, token),
    upload(url: string, file: { data: Buffer; filename?: string; contentType?: string }, token?: string) {
      const boundary = `----logo${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nnl\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename ?? 'logo.png'}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`),
        file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) } });
    },
  };
}

export const png = (width = 400, height = 200, background = '#0b5394') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** The audit log entries of one record, oldest first. */
export const auditOf = (t: TestApp, entity: string, entityId: number) =>
  t.query<{ action: string; actor: string; project_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    'SELECT action, actor, project_id, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id', [entity, String(entityId)],
  );

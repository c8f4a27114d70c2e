/**
 * Fixtures of the console's content route tests, part B (work order, partners, contacts, documents,
 * dossier): console sessions of the demo's customer administrator and project editor and of another
 * customer's administrator, requests with a console token, multipart uploads and test files.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { bearer, consoleToken, type TestApp } from './helpers.ts';

export type ConsoleTokens = {
  /** beheer@example.nl: customer administrator of Woonstad. */
  admin: string;
  /** redactie@example.nl: project editor of the Bloemenbuurt only. */
  editor: string;
  /** The administrator of another customer (Woningcorporatie Elders). */
  elsewhere: string;
};

type Payload = { json?: unknown; form?: Multipart };
export type Caller = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: Payload) => Promise<LightMyRequestResponse>;

/** A console session per account, the elsewhere administrator made a customer administrator of their customer. */
export async function consoleTokens(t: TestApp, elsewhereCustomerId: number): Promise<ConsoleTokens> {
  const [editor] = await t.query<{ id: number }>("SELECT id FROM users WHERE username = 'redactie@example.nl'");
  const [other] = await t.query<{ id: number }>("UPDATE user_customers SET role = 'customer-admin' WHERE user_id = (SELECT id FROM users WHERE username = 'beheer@elders.nl') RETURNING user_id AS id");
  await t.services.projects.invalidateStaff(other!.id);
  return {
    admin: await consoleToken(t, t.ids.users.admin),
    editor: await consoleToken(t, editor!.id),
    elsewhere: await consoleToken(t, other!.id, elsewhereCustomerId),
  };
}

export function caller(t: TestApp): Caller {
  return (method, url, token, payload = {}) => {
    const headers: Record<string, string> = { ...bearer(token) };
    if (payload.form) {
      headers['content-type'] = payload.form.contentType;
      return t.app.inject({ method, url, headers, payload: payload.form.body });
    }
    return t.app.inject({ method, url, headers, ...(payload.json !== undefined ? { payload: payload.json as object } : {}) });
  };
}

export type Multipart = { body: Buffer; contentType: string };

/** A multipart/form-data body: text fields first, then the file (when given) in `file.field`. */
export function multipart(fields: Record<string, string>, file?: { field: string; filename: string; data: Buffer; type?: string }): Multipart {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small real PDF (one page with a line of text). */
export function testPdf(text = 'Testdocument'): Buffer {
  return pdfOf({ text });
}

/**
 * A PDF written by hand: one page with a line of text, `catalog` and `page` added to those dictionaries,
 * `extra` as objects 6, 7, ... (so '6 0 R' is the first of them).
 */
export function pdfOf(options: { text?: string; catalog?: string; page?: string; extra?: string[] } = {}): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${options.text ?? 'Testdocument'}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${options.page ?? ''}>>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(options.extra ?? []),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A png of `width` x `height` with EXIF metadata (which an upload must drop). */
export function testPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: 'Geheime metadata' } })
    .png()
    .toBuffer();
}

/** The audit entries of an entity, newest first. */
export async function auditOf(t: TestApp, entity: string, entityId?: number | string) {
  return t.query<{ action: string; actor: string; project_id: number | null; before: unknown; after: unknown; entity_id: string | null }>(
    `SELECT action, actor, project_id, before, after, entity_id FROM audit_log WHERE entity = $1 ${entityId === undefined ? '' : 'AND entity_id = $2'} ORDER BY id DESC`,
    entityId === undefined ? [entity] : [entity, String(entityId)],
  );
}

/** Expects a status, showing the body when it differs. */
export function expectStatus(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
}

/** Uploads a png as a staff image of a project for `purpose` (modules/staff-content); answers its id. */
export async function uploadStaffImage(call: Caller, token: string, projectId: number, purpose: string, png?: Buffer): Promise<number> {
  const res = await call('POST', `/api/staff/projects/${projectId}/images/${purpose}`, token, {
    form: multipart({}, { field: 'image', filename: 'afbeelding.png', data: png ?? (await testPng()) }),
  });
  expectStatus(res, 201);
  return (res.json() as { id: number }).id;
}

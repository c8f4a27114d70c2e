import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { projects } from '../project/project.table.ts';
import type { Db } from '../../db/client.ts';
import type { FileViewer } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { ReadModule } from '../reads/index.ts';
import { createFileLinks } from './file-links.ts';
import { imageSize } from './image-size.ts';
import type { FileStorage } from './storage.ts';
import { files, fileTickets } from './files.table.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = { filename: string; mime: string; data: Buffer; owner: string };

/**
 * What a module answers when a viewer may read one of its files; `markRead` records the resident's read,
 * `onRead` runs once the download starts (a form's summary marks itself viewed).
 */
export type FileGrant = { markRead?: { module: ReadModule; itemId: number }; onRead?: () => Promise<void> };
/** A module's rule for its files: null when this viewer may not read the file. */
export type FileOwnerCheck = (fileId: number, viewer: FileViewer) => Promise<FileGrant | null>;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg', 'text/plain': 'txt',
};

/** The download link of a file: /api/files/{id}/{filename}. */
export function fileUrl(file: { id: number; filename: string }, options: { open?: boolean } = {}): string {
  // `open`: a PDF shown in the browser's own viewer (a new tab) instead of downloaded.
  return `/api/files/${file.id}/${encodeURIComponent(file.filename)}${options.open ? '?disposition=inline' : ''}`;
}

/** The same for a left-joined file that may be missing. */
export function optionalFileUrl(id: number | null, filename: string | null): string | null {
  return id !== null && filename !== null ? fileUrl({ id, filename }) : null;
}

/** A filename safe in a URL path segment and a Content-Disposition header, extension kept. */
export function safeFilename(name: string): string {
  const visible = [...name.normalize('NFC')].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '-' : c)).join('');
  const cleaned = visible.replace(/[/\\?#%"<>|:*]+/g, '-').replace(/\s+/g, ' ').trim();
  return (cleaned || 'bestand').slice(-120);
}

/** `links` signs the short-lived download links of file-links.ts, valid for `minutes`. */
export function createFilesService(db: Db, storage: FileStorage, links: { secrets: Secrets; minutes: number }) {
  const owners = new Map<string, FileOwnerCheck>();

  return {
    storage,
    links: createFileLinks(links.secrets, { minutes: links.minutes }),

    /** The download link of a file signed for a session: /api/files/{id}/{filename}?token=... */
    async signedUrl(file: { id: number; filename: string }, sessionId: number): Promise<string> {
      return `${fileUrl(file)}?token=${await this.links.sign({ fileId: file.id, sessionId })}`;
    },

    /** A module declares who may read the files it owns. */
    registerOwner(owner: string, check: FileOwnerCheck) {
      owners.set(owner, check);
    },

    /**
     * Stores bytes and records them. Pass a transaction as `tx` to add the row inside it; the bytes are
     * written first, so a rolled-back transaction can leave an unreferenced object behind, never a
     * row without bytes.
     */
    async store(input: NewFile, tx: Queryable = db): Promise<FileRow> {
      const [row] = await this.storeMany([input], tx);
      return row!;
    },

    /** Stores several files: the bytes in parallel, the rows in one insert; answers rows in input order. */
    async storeMany<const T extends readonly NewFile[]>(inputs: T, tx: Queryable = db): Promise<{ -readonly [K in keyof T]: FileRow }> {
      type Rows = { -readonly [K in keyof T]: FileRow };
      if (!inputs.length) return [] as unknown as Rows;
      const now = new Date();
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const rows = inputs.map((input) => {
        const size = imageSize(input.mime, input.data);
        return {
          // an owner 'news:12' is stored under 'news-12/...' (a key holds no colon)
          key: `${input.owner.replace(/:/g, '-')}/${folder}/${randomUUID()}.${EXTENSIONS[input.mime] ?? 'bin'}`,
          filename: safeFilename(input.filename), mime: input.mime, size: input.data.length, owner: input.owner,
          imageWidth: size?.width ?? null, imageHeight: size?.height ?? null,
        };
      });
      await Promise.all(rows.map((row, i) => storage.put(row.key, inputs[i]!.data, { contentType: row.mime })));
      const stored = await tx.insert(files).values(rows).returning();
      const byKey = new Map(stored.map((r) => [r.key, r]));
      return rows.map((r) => byKey.get(r.key)!) as unknown as Rows;
    },

    async find(id: number): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ?? null;
    },

    /** Asks the owning module whether the viewer may read the file. */
    async authorize(file: FileRow, viewer: FileViewer): Promise<FileGrant | null> {
      // 'news:12' (a staff upload for project 12, modules/staff-content) follows the rule of 'news'.
      const [kind, project] = file.owner.split(':');
      const check = owners.get(file.owner) ?? owners.get(kind!);
      const granted = check ? await check(file.id, viewer) : null;
      if (granted || viewer.kind !== 'staff' || !project || !/^\d{1,10}$/.test(project)) return granted;
      // Staff of the project's customer also see a staff upload that no item holds yet (the editor shows it
      // right after the upload, under the same signed link it will keep once the item is saved).
      const [row] = await db.select({ customerId: projects.customerId }).from(projects).where(eq(projects.id, Number(project))).limit(1);
      return row && viewer.customerIds.includes(row.customerId) ? {} : null;
    },

    open(file: FileRow) {
      return storage.get(file.key);
    },

    /** A token that opens these files without a login until it expires. */
    async issueTicket(fileIds: number[], days: number): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + days * 86_400_000);
      await db.insert(fileTickets).values({ tokenHash: hashToken(token), fileIds, expiresAt });
      return { token, expiresAt };
    },

    async ticketOpens(token: string, fileId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fileTickets.id })
        .from(fileTickets)
        .where(and(eq(fileTickets.tokenHash, hashToken(token)), gt(fileTickets.expiresAt, new Date()), sql`${fileId} = ANY(${fileTickets.fileIds})`))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

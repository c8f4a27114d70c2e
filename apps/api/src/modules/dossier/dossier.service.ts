import { DOSSIER_SENT, type TDossierDownloadResponse, type TDossierItem } from '@portal/contract';
import type { ContentDeps, FileViewer, Reader } from '../../lib/content.ts';
import { toDutchDate } from '../../lib/dates.ts';
import { UnprocessableError } from '../../lib/errors.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { fileUrl, readAll, type FileGrant } from '../files/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotifyInput } from '../notifications/index.ts';
import { dossierMail } from './dossier.mail.ts';
import { countUnreadDossier, findDossierWithFile, findProjectName, insertDossier, selectDossier, type NewDossierItem } from './dossier.repository.ts';

/** A dossier lists at most this many items (newest first); the e-mail carries the same ones. */
export const DOSSIER_LIMIT = 200;
/** Dossier e-mails per address per 15 minutes. */
export const DOSSIER_MAILS_PER_WINDOW = 5;
const LINK_DAYS = 7;

export type DossierDeps = ContentDeps & {
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  maxAttachmentBytes: number;
  log: (error: unknown, msg: string) => void;
  /** The household hears of a document added to its dossier (issue 19, category 'dossier'). */
  notifications?: { notify(tx: Queryable, input: NotifyInput): Promise<void> };
};

export function createDossierService({ db, files, newItems, projects, mailer, limiter, publicUrl, maxAttachmentBytes, log, notifications }: DossierDeps) {
  newItems.register(async ({ addressId, projectId }) => ({ dossier: await countUnreadDossier(db, addressId, projectId) }));
  /** The dossier's read rule: a resident of the item's own address, in one of their projects (the read is marked). */
  const readGrant = async (fileId: number, viewer: FileViewer): Promise<FileGrant | null> => {
    const found = await findDossierWithFile(db, fileId, viewer);
    return found ? { markRead: { module: 'dossier', itemId: found.id } } : null;
  };
  files.registerOwner('dossier', readGrant);

  return {
    /** For modules whose own files appear in dossiers (signing's signed documents and receipts): the same rule. */
    readGrant,

    async list(reader: Reader & { kind: 'occupant' }): Promise<TDossierItem[]> {
      const rows = await selectDossier(db, reader, DOSSIER_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        sub_type: r.subType,
        method_type: r.methodType,
        name: r.name,
        subject: r.subject,
        created_at: toDutchDate(r.createdAt),
        download_url: fileUrl({ id: r.fileId, filename: r.filename }),
        fetched: !r.unread,
      }));
    },

    /**
     * E-mails the address's dossier to `email`: the files attached when together they fit in
     * maxAttachmentBytes, otherwise links that work without a login for LINK_DAYS days. Rate-limited per
     * address; the mail goes out in the background (it is in the outbox at once).
     */
    async mail(reader: Reader & { kind: 'occupant' }, email: string): Promise<TDossierDownloadResponse> {
      await limiter.hit([{ key: `dossier-mail:${reader.addressId}`, max: DOSSIER_MAILS_PER_WINDOW }]);
      const [rows, projectName] = await Promise.all([selectDossier(db, reader, DOSSIER_LIMIT), findProjectName(db, reader.projectId)]);
      if (!rows.length) throw new UnprocessableError('Er staan nog geen documenten in uw dossier.');

      const total = rows.reduce((sum, r) => sum + r.size, 0);
      const items = rows.map((r) => ({ name: r.name, type: r.type, date: toDutchDate(r.createdAt), filename: r.filename, link: undefined as string | undefined }));
      let attachments: Array<{ filename: string; content: Buffer; contentType: string }> = [];
      let linksValidUntil: string | undefined;
      if (total <= maxAttachmentBytes) {
        const contents = await Promise.all(rows.map((r) => readAll(files.storage, r.fileKey)));
        attachments = rows.flatMap((r, i) => (contents[i] ? [{ filename: r.filename, content: contents[i], contentType: r.mime }] : []));
      } else {
        const ticket = await files.issueTicket(rows.map((r) => r.fileId), LINK_DAYS);
        linksValidUntil = toDutchDate(ticket.expiresAt);
        rows.forEach((r, i) => {
          items[i]!.link = `${publicUrl}${fileUrl({ id: r.fileId, filename: r.filename })}?ticket=${encodeURIComponent(ticket.token)}`;
        });
      }
      mailer.send(dossierMail({ to: email, projectName, items, attachments, linksValidUntil })).catch((error) => log(error, 'dossier mail failed'));
      return { success: true, message: DOSSIER_SENT };
    },

    /** Adds items to addresses' dossiers (intake reports, signed forms, photos). */
    /** `notify: false`: the household is not told (the demo's seed, items dated in the past). */
    async add(rows: NewDossierItem[], tx: Queryable = db, options: { notify?: boolean } = {}) {
      if (!rows.length) return [];
      const added = await insertDossier(tx, rows);
      await Promise.all([...new Set(added.map((a) => a.addressId))].map((addressId) => projects.invalidateNewItems({ addressId }, tx)));
      // In the same transaction: the household is told (documents added together go out as one message).
      for (const [i, item] of options.notify === false ? [] : added.entries()) {
        await notifications?.notify(tx, {
          category: 'dossier', to: { addressIds: [item.addressId] }, projectId: rows[i]?.projectId ?? null,
          title: 'Nieuw document in uw dossier', body: rows[i]?.name ? `${rows[i]!.name} staat in het dossier van uw woning.` : 'Er staat een nieuw document in het dossier van uw woning.',
          url: '/dossier', tag: `dossier:${item.id}`,
        });
      }
      return added;
    },
  };
}
export type DossierService = ReturnType<typeof createDossierService>;

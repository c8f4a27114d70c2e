import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { staffContentMessages, type TStaffImage, type TStaffImagePurpose } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/staff-content.ts';
import { fileUrl, files as filesTable, processImage, type FilesService } from '../files/index.ts';
import { projects } from '../project/project.table.ts';

/**
 * Images staff upload for a project's content, through the same checked storage as residents' uploads
 * (png or jpeg by content, upright, scaled down, metadata stripped). Each is stored with owner
 * `{purpose}:{projectId}` (files.ts reads a module's rule by the part before the colon), so that an item
 * can take only an image uploaded for its own module and project: another project's or customer's file
 * id is refused (422) and never becomes readable through an item.
 *
 * Images inside rich text (purpose `content`) are loaded by an <img> in staff HTML, which carries no
 * session token: they are readable without login while their project exists, under a file name with a
 * random part (the link itself is the key, like a public web image).
 */
export const CONTENT_IMAGE_OWNER = 'content';

export function createStaffImages({ db, files }: { db: Db; files: FilesService }) {
  files.registerOwner(CONTENT_IMAGE_OWNER, async (fileId) => {
    const [row] = await db.select({ owner: filesTable.owner }).from(filesTable).where(eq(filesTable.id, fileId)).limit(1);
    const projectId = Number(row?.owner.split(':')[1]);
    if (!Number.isInteger(projectId)) return null;
    const [project] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), isNull(projects.archivedAt))).limit(1);
    return project ? {} : null;
  });

  const ownerOf = (purpose: TStaffImagePurpose, projectId: number) => `${purpose}:${projectId}`;

  return {
    /** Checks, cleans and stores an uploaded image for one purpose of a project. */
    async store(projectId: number, purpose: TStaffImagePurpose, data: Buffer): Promise<TStaffImage> {
      const image = await processImage(data, { type: staffContentMessages.imageType });
      const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
      const filename = purpose === CONTENT_IMAGE_OWNER ? `afbeelding-${randomBytes(12).toString('hex')}.${extension}` : `afbeelding.${extension}`;
      const row = await files.store({ filename, mime: image.contentType, data: image.data, owner: ownerOf(purpose, projectId) });
      return { id: row.id, url: fileUrl(row), image_width: row.imageWidth, image_height: row.imageHeight };
    },

    /**
     * The image id an item may take: null, the image it has now (unchanged), or one uploaded for this
     * purpose and project; anything else is a 422 at `field`.
     */
    async usable(fileId: number | null, purpose: TStaffImagePurpose, projectId: number, current: number | null = null, field = 'image_id'): Promise<number | null> {
      if (fileId === null || fileId === current) return fileId;
      const row = await files.find(fileId);
      if (!row || row.owner !== ownerOf(purpose, projectId)) throw fieldError(field, staffContentMessages.imageNotFound);
      return fileId;
    },
  };
}
export type StaffImages = ReturnType<typeof createStaffImages>;

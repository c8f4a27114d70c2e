import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Session } from '../modules/auth/session.store.ts';
import type { FilesService } from '../modules/files/index.ts';
import type { NewItemRegistry } from '../modules/project/new-items.ts';
import type { ProjectService } from '../modules/project/project.service.ts';
import type { ReadsService } from '../modules/reads/index.ts';
import { projects } from '../modules/project/project.table.ts';

/**
 * Who reads a project's content modules, resolved once per request by the routes:
 * - public: a visitor of a public project, sees the items marked public;
 * - occupant: a resident of one of the project's addresses, sees everything of the project plus what
 *   belongs to their own address, and has read marks;
 * - partner: partner, woco or administrator staff of the project's customer, sees everything of the
 *   project but nothing of single addresses.
 * An administrator acting for an address (a login link) reads as its resident but leaves no read marks,
 * so the household's new-item counts stay as they are.
 */
export type Reader =
  | { kind: 'public'; projectId: number }
  | { kind: 'occupant'; projectId: number; addressId: number; actingAdmin?: boolean }
  | { kind: 'partner'; projectId: number };

/** Resolves the reader or throws 404 'Project niet gevonden' (never reveals another owner's project). */
export function createReaders(projectService: ProjectService) {
  return {
    async forPublic(projectId: number): Promise<Reader> {
      await projectService.assertPublic(projectId);
      return { kind: 'public', projectId };
    },
    async forOccupant(session: Session, projectId?: number): Promise<Reader & { kind: 'occupant' }> {
      const id = await projectService.occupantProjectId(session, projectId);
      return { kind: 'occupant', projectId: id, addressId: session.addressId!, actingAdmin: session.isAdmin };
    },
    async forPartner(session: Session, projectId: number): Promise<Reader> {
      await projectService.staffProject(session, projectId);
      return { kind: 'partner', projectId };
    },
  };
}
export type Readers = ReturnType<typeof createReaders>;

/** The list condition for a reader: public visitors see only the items marked public. */
export function publicOnly(reader: Reader, isPublic: AnyPgColumn): SQL | undefined {
  return reader.kind === 'public' ? eq(isPublic, true) : undefined;
}

/**
 * Who asks for a file (GET /api/files/...): nobody (public), a resident with the projects of their
 * address, or staff with the customers they work for.
 */
export type FileViewer =
  | { kind: 'public' }
  | { kind: 'occupant'; addressId: number; projectIds: number[]; actingAdmin?: boolean }
  | { kind: 'staff'; customerIds: number[] };

const orNone = (ids: number[]) => (ids.length ? ids : [-1]);

/**
 * For a query joined with `projects` on the item's project: may this viewer read the item? Public
 * viewers only public items of public projects; residents items of their projects; staff items of
 * their customers' projects. `isPublic` null means the item is never public (a dossier item).
 */
export function readableBy(viewer: FileViewer, item: { projectId: AnyPgColumn; isPublic: AnyPgColumn | null }): SQL {
  switch (viewer.kind) {
    case 'public':
      return item.isPublic ? and(eq(projects.isPublic, true), isNull(projects.archivedAt), eq(item.isPublic, true))! : sql`false`;
    case 'occupant':
      return inArray(item.projectId, orNone(viewer.projectIds));
    case 'staff':
      return inArray(projects.customerId, orNone(viewer.customerIds));
  }
}

/** What a content module's service is made from. */
export type ContentDeps = { db: Db; files: FilesService; reads: ReadsService; newItems: NewItemRegistry; projects: ProjectService };

/** Groups rows by a key (Map.groupBy arrives in Node 21). */
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Icons are names of the icon set shipped in apps/api/assets/icons. */
export const iconUrl = (name: string) => `/api/assets/icons/${encodeURIComponent(name)}.svg`;

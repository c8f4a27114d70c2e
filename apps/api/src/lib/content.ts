import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { moduleMessages, type TModuleName } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { NotFoundError } from './errors.ts';
import type { Session } from '../modules/auth/session.store.ts';
import type { FilesService } from '../modules/files/index.ts';
import type { NewItemRegistry } from '../modules/project/new-items.ts';
import { assertModule, type ModuleRequirement, type ProjectService } from '../modules/project/project.service.ts';
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
 * so the household's new-item counts stay as they are. `modules` are the project's modules switched on.
 */
export type Reader =
  | { kind: 'public'; projectId: number; modules: readonly TModuleName[] }
  | { kind: 'occupant'; projectId: number; modules: readonly TModuleName[]; addressId: number; actingAdmin?: boolean }
  | { kind: 'partner'; projectId: number; modules: readonly TModuleName[] };

const moduleNames = (project: { modules: Array<{ name: TModuleName }> }) => project.modules.map((m) => m.name);

/**
 * Resolves the reader of a module's content or throws 404: 'Project niet gevonden' (never reveals another
 * owner's project), or 'not available' when the project has the module switched off (`module`: the one
 * the read belongs to, or any of several).
 */
export function createReaders(projectService: ProjectService) {
  return {
    async forPublic(projectId: number, module: ModuleRequirement): Promise<Reader> {
      const project = await projectService.assertPublic(projectId);
      assertModule(project, module);
      return { kind: 'public', projectId, modules: moduleNames(project) };
    },
    async forOccupant(session: Session, projectId: number | undefined, module: ModuleRequirement): Promise<Reader & { kind: 'occupant' }> {
      const { project } = await projectService.occupantModuleProject(session, projectId, module);
      return { kind: 'occupant', projectId: project.id, modules: moduleNames(project), addressId: session.addressId!, actingAdmin: session.isAdmin };
    },
    async forPartner(session: Session, projectId: number, module: ModuleRequirement): Promise<Reader> {
      const { project } = await projectService.staffProject(session, projectId);
      assertModule(project, module);
      return { kind: 'partner', projectId, modules: moduleNames(project) };
    },
  };
}

/** Throws 404 unless the reader's project has the module on (a read whose module depends on the item, as information and FAQ). */
export function assertReaderModule(reader: Reader, module: TModuleName): void {
  if (!reader.modules.includes(module)) throw new NotFoundError(moduleMessages.unavailable);
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

/** The project has the module on (a module name, or SQL that names it per row, as information items do by kind). */
export function projectHasModule(module: TModuleName | SQL): SQL {
  const name = typeof module === 'string' ? sql`${module}` : module;
  return sql`${projects.modules} @> jsonb_build_array(jsonb_build_object('name', ${name}::text))`;
}

/**
 * For a query joined with `projects` on the item's project: may this viewer read the item? Public
 * viewers only public items of public projects; residents items of their projects; staff items of
 * their customers' projects. `isPublic` null means the item is never public (a dossier item). `module`:
 * the project module the item belongs to; while it is switched off its files are gone for residents and
 * visitors too (staff keep them, for the console).
 */
export function readableBy(viewer: FileViewer, item: { projectId: AnyPgColumn; isPublic: AnyPgColumn | null; module: TModuleName | SQL }): SQL {
  switch (viewer.kind) {
    case 'public':
      return item.isPublic ? and(eq(projects.isPublic, true), isNull(projects.archivedAt), eq(item.isPublic, true), projectHasModule(item.module))! : sql`false`;
    case 'occupant':
      return and(inArray(item.projectId, orNone(viewer.projectIds)), projectHasModule(item.module))!;
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

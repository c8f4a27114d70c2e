import { ZProject, DEFAULT_MODULE_LABELS, moduleMessages, PRIVATE_MODULES, roleCan, type TModuleName, type TPermission, type TPartnerCustomer, type TProject, type TProjectSummary } from '@portal/contract';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCache, type InvalidationBus } from '../../lib/invalidation.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Session } from '../auth/session.store.ts';
import { customers } from '../customer/customer.table.ts';
import type { CustomerRow } from '../customer/customer.service.ts';
import type { NewItemRegistry } from './new-items.ts';
import { findProjectWithCustomer, isLiveProject, listAddressProjectIds, listStaffMemberships, type ProjectRow, type StaffMembership } from './project.repository.ts';
import { projects } from './project.table.ts';

type Audience = 'occupant' | 'public' | 'partner';

/** One module, or any of several (an information item read serves the information and the FAQ modules). */
export type ModuleRequirement = TModuleName | readonly TModuleName[];

/** Whether the project has the module (or one of the modules) switched on. */
export function hasModule(project: Pick<ProjectRow, 'modules'>, module: ModuleRequirement): boolean {
  const wanted: readonly TModuleName[] = typeof module === 'string' ? [module] : module;
  return project.modules.some((m) => wanted.includes(m.name));
}

/**
 * A module switched off for a project is gone for residents, visitors and partners alike (404), not only
 * its tile; the staff console keeps editing its content, so that an editor can prepare it before it goes on.
 */
export function assertModule(project: Pick<ProjectRow, 'modules'>, module: ModuleRequirement): void {
  if (!hasModule(project, module)) throw new NotFoundError(moduleMessages.unavailable);
}
type Counts = Partial<Record<TModuleName, number>>;

/**
 * Projects with their modules and branding. Hot reads are served from memory: the project (by id),
 * the projects of an address and the new-item counts per address, each dropped in every process
 * when a write announces a change.
 */
export function createProjectService(db: Db, bus: InvalidationBus, newItems: NewItemRegistry) {
  const projectCache = createCache<{ project: ProjectRow; customer: CustomerRow } | null>(bus, 'project');
  const addressProjectsCache = createCache<number[]>(bus, 'address-projects');
  const membershipsCache = createCache<StaffMembership[]>(bus, 'staff-memberships');
  /** The support-base module's computed progress text (null without a consent form: the stored text then shows). */
  let supportBaseProgress: ((projectId: number) => Promise<string | null>) | null = null;
  const withProgress = async (project: TProject): Promise<TProject> => {
    const computed = supportBaseProgress ? await supportBaseProgress(project.id) : null;
    return computed ? { ...project, support_base_progress: computed } : project;
  };

  // New-item counts per project and address; 'p:{projectId}' drops a project, 'a:{addressId}' an address.
  const counts = new Map<number, Map<number, Counts>>();
  // The occupant's project answer, validated and serialised once, dropped together with its counts.
  const answers = new Map<number, Map<number, string>>();
  let countsGeneration = 0;
  bus.subscribe(
    'new-items',
    (key) => {
      countsGeneration++;
      const [kind, raw] = key.split(':');
      const id = Number(raw);
      for (const cache of [counts, answers] as Array<Map<number, Map<number, unknown>>>) {
        if (kind === 'p') cache.delete(id);
        else if (kind === 'a') cache.forEach((perAddress) => perAddress.delete(id));
        else cache.clear();
      }
    },
    () => { countsGeneration++; counts.clear(); answers.clear(); },
  );
  // A changed customer (branding) changes every answer that falls back on it.
  bus.subscribe('customer-host', () => { countsGeneration++; answers.clear(); }, () => { countsGeneration++; answers.clear(); });
  async function countsFor(addressId: number, projectId: number): Promise<Counts> {
    const cached = counts.get(projectId)?.get(addressId);
    if (cached) return cached;
    const started = countsGeneration;
    const value = await newItems.count(addressId, projectId);
    if (started === countsGeneration) {
      const perAddress = counts.get(projectId) ?? new Map<number, Counts>();
      perAddress.set(addressId, value);
      counts.set(projectId, perAddress);
    }
    return value;
  }

  const load = (projectId: number) => projectCache.get(projectId, () => findProjectWithCustomer(db, projectId));
  const addressProjectIds = (addressId: number) => addressProjectsCache.get(addressId, () => listAddressProjectIds(db, addressId));
  const memberships = (userId: number) => membershipsCache.get(userId, () => listStaffMemberships(db, userId));

  /**
   * The one staff scope (lists and single reads alike): a project is reached by an account that works for
   * its customer, when its role there reaches every project ('projects.all') or the project was given to it.
   * 'none' answers 404 (not its project, or another customer's), 'forbidden' 403 (its project, not its permission).
   */
  async function staffReach(userId: number, project: { id: number; customerId: number }, permission: TPermission): Promise<'ok' | 'forbidden' | 'none'> {
    const membership = (await memberships(userId)).find((m) => m.customerId === project.customerId);
    if (!membership) return 'none';
    if (!roleCan(membership.role, 'projects.all') && !membership.projectIds.includes(project.id)) return 'none';
    return roleCan(membership.role, permission) ? 'ok' : 'forbidden';
  }

  /** The live projects an account reaches with `permission` (of one customer, or of all its customers). */
  async function reachableProjects(userId: number, permission: TPermission, customerId?: number): Promise<ProjectRow[]> {
    const usable = (await memberships(userId)).filter((m) => roleCan(m.role, permission) && (customerId === undefined || m.customerId === customerId));
    if (!usable.length) return [];
    const all = usable.filter((m) => roleCan(m.role, 'projects.all')).map((m) => m.customerId);
    const given = usable.filter((m) => !roleCan(m.role, 'projects.all')).flatMap((m) => m.projectIds);
    const rows = await db.select().from(projects).where(and(
      isLiveProject,
      sql`(${inArray(projects.customerId, all.length ? all : [-1])} OR ${inArray(projects.id, given.length ? given : [-1])})`,
    )).orderBy(asc(projects.id));
    return rows;
  }

  function toProject(project: ProjectRow, customer: CustomerRow, audience: Audience, addressId: number | null, newCounts: Counts): TProject {
    const modules = project.modules
      .filter((m) => audience !== 'public' || !PRIVATE_MODULES.includes(m.name))
      .map((m) => ({
        name: m.name,
        display_name: m.name === 'complaints' ? project.module18Name : (m.display_name ?? DEFAULT_MODULE_LABELS[m.name]),
        nr_of_new_items: newCounts[m.name] ?? 0,
      }));
    return {
      id: project.id,
      name: project.name,
      customer_id: project.customerId,
      logo_url: project.logoUrl ?? customer.logo,
      corporate_identity_color: project.corporateIdentityColor,
      color_primary: project.colorPrimary ?? customer.colorPrimary,
      color_secondary: project.colorSecondary ?? customer.colorSecondary,
      website: project.website ?? customer.website,
      notification: project.notification ?? customer.notification,
      address_id: addressId,
      welcome_message: project.welcomeMessage,
      support_base_progress: project.supportBaseProgress,
      modules,
      module_18_name: project.module18Name,
      work_order_show_image: project.workOrderShowImage,
      work_order_message: project.workOrderMessage,
      work_order_image_url: project.workOrderImageUrl,
    };
  }

  const toSummary = (p: ProjectRow, customer?: Pick<CustomerRow, 'logo' | 'colorPrimary'>): TProjectSummary => ({
    id: p.id,
    name: p.name,
    customer_id: p.customerId,
    logo_url: p.logoUrl ?? customer?.logo ?? null,
    color_primary: p.colorPrimary ?? customer?.colorPrimary ?? p.corporateIdentityColor,
    description: p.description,
  });

  /** The project an occupant works in: the one asked for if it is theirs, else their only one. */
  async function occupantProjectId(session: Session, projectId?: number): Promise<number> {
    if (session.addressId === null) throw new ForbiddenError();
    const ids = await addressProjectIds(session.addressId);
    if (projectId !== undefined) {
      if (!ids.includes(projectId)) throw new NotFoundError('Project niet gevonden');
      return projectId;
    }
    if (ids.length === 0) throw new NotFoundError('Project niet gevonden');
    return ids[0]!;
  }

  /**
   * A project of a staff session (partner portal or console) with the permission; 404 when the account does
   * not reach it (another customer's, or not among its projects), 403 when its role lacks the permission.
   */
  async function staffProject(session: Session, projectId: number, permission: TPermission = 'project.read') {
    const found = await load(projectId);
    if (!found || session.userId === null || (session.face !== 'partner' && session.face !== 'console')) throw new NotFoundError('Project niet gevonden');
    if (session.face === 'console' && session.customerId !== found.project.customerId) throw new NotFoundError('Project niet gevonden');
    const reach = await staffReach(session.userId, found.project, permission);
    if (reach === 'none') throw new NotFoundError('Project niet gevonden');
    if (reach === 'forbidden') throw new ForbiddenError();
    return found;
  }

  /** The resident's project (as occupantProjectId) with its customer, 404 while it has `module` switched off. */
  async function occupantModuleProject(session: Session, projectId: number | undefined, module: ModuleRequirement) {
    const found = await load(await occupantProjectId(session, projectId));
    if (!found) throw new NotFoundError('Project niet gevonden');
    assertModule(found.project, module);
    return found;
  }

  return {
    occupantProjectId,
    occupantModuleProject,
    staffProject,
    /** Registers the computed support-base progress text (the support-base module); cached answers are dropped with the new-item counts. */
    useSupportBaseProgress(provider: (projectId: number) => Promise<string | null>) {
      supportBaseProgress = provider;
    },
    /** The live project with its customer, from memory (no access check: callers check first); null when archived. */
    projectWithCustomer: (projectId: number) => load(projectId),

    async publicProject(projectId: number): Promise<TProject> {
      const found = await load(projectId);
      if (!found || !found.project.isPublic) throw new NotFoundError('Project niet gevonden');
      return withProgress(toProject(found.project, found.customer, 'public', null, {}));
    },

    /** Throws 404 unless the project exists and is public. */
    async assertPublic(projectId: number): Promise<ProjectRow> {
      const found = await load(projectId);
      if (!found || !found.project.isPublic) throw new NotFoundError('Project niet gevonden');
      return found.project;
    },

    async publicProjects(customerId: number): Promise<TProjectSummary[]> {
      const rows = await db
        .select({ project: projects, customer: customers })
        .from(projects)
        .innerJoin(customers, sql`${customers.id} = ${projects.customerId}`)
        .where(sql`${projects.customerId} = ${customerId} AND ${projects.isPublic} AND ${isLiveProject}`)
        .orderBy(asc(projects.id));
      return rows.map((r) => toSummary(r.project, r.customer));
    },

    async occupantProjects(session: Session): Promise<TProjectSummary[]> {
      if (session.addressId === null) throw new ForbiddenError();
      const ids = await addressProjectIds(session.addressId);
      const loaded = await Promise.all(ids.map(load));
      return loaded.flatMap((found) => (found ? [toSummary(found.project, found.customer)] : []));
    },

    async occupantProject(session: Session, projectId?: number): Promise<TProject> {
      const id = await occupantProjectId(session, projectId);
      const found = await load(id);
      if (!found) throw new NotFoundError('Project niet gevonden');
      const newCounts = await countsFor(session.addressId!, id);
      return withProgress(toProject(found.project, found.customer, 'occupant', session.addressId, newCounts));
    },

    /**
     * The hot read behind the dashboard (GET /occupant/project), as JSON validated by the contract once
     * and then served from memory until the project, its content or this address's reads change.
     */
    async occupantProjectJson(session: Session, projectId?: number): Promise<string> {
      const id = await occupantProjectId(session, projectId);
      const addressId = session.addressId!;
      const cached = answers.get(id)?.get(addressId);
      if (cached) return cached;
      const started = countsGeneration;
      const json = JSON.stringify(ZProject.parse(await this.occupantProject(session, id)));
      if (started === countsGeneration) {
        const perAddress = answers.get(id) ?? new Map<number, string>();
        perAddress.set(addressId, json);
        answers.set(id, perAddress);
      }
      return json;
    },

    /** An address's count of one module's new items, as the dashboard shows it (from memory once counted). */
    async newItemCount(addressId: number, projectId: number, module: TModuleName): Promise<number> {
      return (await countsFor(addressId, projectId))[module] ?? 0;
    },

    async partnerProject(session: Session, projectId: number): Promise<TProject> {
      const found = await staffProject(session, projectId);
      return withProgress(toProject(found.project, found.customer, 'partner', null, {}));
    },

    async partnerCustomers(session: Session): Promise<TPartnerCustomer[]> {
      if (session.userId === null) throw new ForbiddenError();
      return this.customersForUser(session.userId);
    },

    /** The partner portal's customers of an account: those where it reaches projects, with how many. */
    async customersForUser(userId: number): Promise<TPartnerCustomer[]> {
      const reached = await reachableProjects(userId, 'project.read');
      const ids = (await memberships(userId)).filter((m) => roleCan(m.role, 'partner-portal.use')).map((m) => m.customerId);
      if (!ids.length) return [];
      const rows = await db.select({ id: customers.id, name: customers.name, logo: customers.logo, color_primary: customers.colorPrimary })
        .from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.name));
      return rows.map((c) => ({ ...c, nr_of_projects: reached.filter((p) => p.customerId === c.id).length }));
    },

    async partnerCustomerProjects(session: Session, customerId: number): Promise<TProjectSummary[]> {
      const membership = session.userId === null ? undefined : (await memberships(session.userId)).find((m) => m.customerId === customerId);
      if (!membership || !roleCan(membership.role, 'partner-portal.use')) throw new NotFoundError('Klant niet gevonden');
      const [rows, customer] = await Promise.all([
        reachableProjects(session.userId!, 'project.read', customerId),
        db.select().from(customers).where(sql`${customers.id} = ${customerId}`).then((r) => r[0]),
      ]);
      return rows.map((p) => toSummary(p, customer));
    },

    /** Lists for the login answer: the projects an account may open. */
    async projectsForAddress(addressId: number) {
      const ids = await addressProjectIds(addressId);
      return (await Promise.all(ids.map(load))).flatMap((f) => (f ? [{ id: f.project.id, name: f.project.name, customer_id: f.project.customerId }] : []));
    },

    /** For the login answer: the modules of the address's projects, each name once, in project order. */
    async moduleNamesForAddress(addressId: number): Promise<string[]> {
      const found = await Promise.all((await addressProjectIds(addressId)).map(load));
      return [...new Set(found.flatMap((f) => (f ? f.project.modules.map((m) => m.name) : [])))];
    },

    /** The same for staff: the modules of the projects it reaches in the partner portal. */
    async moduleNamesForUser(userId: number): Promise<string[]> {
      const rows = await reachableProjects(userId, 'project.read');
      return [...new Set(rows.flatMap((p) => p.modules.map((m) => m.name)))];
    },

    async projectsForUser(userId: number) {
      const rows = await reachableProjects(userId, 'project.read');
      return rows.map((p) => ({ id: p.id, name: p.name, customer_id: p.customerId }));
    },

    memberships,
    staffReach,
    reachableProjects,
    /** After a change of an account's roles or projects: every process drops what it cached of it. */
    invalidateStaff: (userId: number) => membershipsCache.invalidate(userId),

    /** Announce changes so that every process drops what it cached. */
    invalidateProject: (projectId: number) => Promise.all([projectCache.invalidate(projectId), bus.publish('new-items', `p:${projectId}`)]),
    invalidateAddressProjects: (addressId: number) => addressProjectsCache.invalidate(addressId),
    /** A project archived or restored: it leaves (or rejoins) the project lists of all its addresses. */
    invalidateProjectMembership: (projectId: number) =>
      Promise.all([projectCache.invalidate(projectId), addressProjectsCache.invalidate('*'), bus.publish('new-items', `p:${projectId}`)]),
    invalidateNewItems: (scope: { projectId: number } | { addressId: number }) =>
      bus.publish('new-items', 'projectId' in scope ? `p:${scope.projectId}` : `a:${scope.addressId}`),
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;

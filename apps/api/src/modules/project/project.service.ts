import { ZProject, DEFAULT_MODULE_LABELS, PRIVATE_MODULES, type TModuleName, type TPartnerCustomer, type TProject, type TProjectSummary } from '@portal/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCache, type InvalidationBus, type NoticeSender } from '../../lib/invalidation.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Session } from '../auth/session.store.ts';
import { customers } from '../customer/customer.table.ts';
import type { CustomerRow } from '../customer/customer.service.ts';
import type { NewItemRegistry } from './new-items.ts';
import { findProjectWithCustomer, isLiveProject, listAddressProjectIds, listProjects, listUserCustomerIds, type ProjectRow } from './project.repository.ts';
import { projects } from './project.table.ts';

type Audience = 'occupant' | 'public' | 'partner';
type Counts = Partial<Record<TModuleName, number>>;

/**
 * Projects with their modules and branding. Hot reads are served from memory: the project (by id),
 * the projects of an address and the new-item counts per address, each dropped in every process
 * when a write announces a change.
 */
export function createProjectService(db: Db, bus: InvalidationBus, newItems: NewItemRegistry) {
  const projectCache = createCache<{ project: ProjectRow; customer: CustomerRow } | null>(bus, 'project');
  const addressProjectsCache = createCache<number[]>(bus, 'address-projects');
  const userCustomersCache = createCache<number[]>(bus, 'user-customers');
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
  const userCustomerIds = (userId: number) => userCustomersCache.get(userId, () => listUserCustomerIds(db, userId));

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

  /** A partner, woco user or administrator reaches the projects of their own customers only. */
  async function staffProject(session: Session, projectId: number) {
    const found = await load(projectId);
    if (!found || session.userId === null) throw new NotFoundError('Project niet gevonden');
    if (!(await userCustomerIds(session.userId)).includes(found.project.customerId)) throw new NotFoundError('Project niet gevonden');
    return found;
  }

  return {
    occupantProjectId,
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

    async customersForUser(userId: number): Promise<TPartnerCustomer[]> {
      const ids = await userCustomerIds(userId);
      if (!ids.length) return [];
      const rows = await db
        .select({
          id: customers.id, name: customers.name, logo: customers.logo, color_primary: customers.colorPrimary,
          // A join, not a correlated subquery: in a one-table select Drizzle leaves column names
          // unqualified, and "customer_id" = "id" inside the subquery compared projects with themselves.
          nr_of_projects: count(projects.id),
        })
        .from(customers)
        .leftJoin(projects, and(eq(projects.customerId, customers.id), isLiveProject))
        .where(inArray(customers.id, ids))
        .groupBy(customers.id)
        .orderBy(asc(customers.name));
      return rows;
    },

    async partnerCustomerProjects(session: Session, customerId: number): Promise<TProjectSummary[]> {
      if (session.userId === null || !(await userCustomerIds(session.userId)).includes(customerId)) {
        throw new NotFoundError('Klant niet gevonden');
      }
      const [rows, customer] = await Promise.all([
        listProjects(db, { customerId }),
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

    /** The same for staff: the modules of the projects of their customers. */
    async moduleNamesForUser(userId: number): Promise<string[]> {
      const customerIds = await userCustomerIds(userId);
      if (!customerIds.length) return [];
      const rows = await db.select({ modules: projects.modules }).from(projects).where(and(inArray(projects.customerId, customerIds), isLiveProject)).orderBy(asc(projects.id));
      return [...new Set(rows.flatMap((p) => p.modules.map((m) => m.name)))];
    },

    async projectsForUser(userId: number) {
      const customerIds = await userCustomerIds(userId);
      if (!customerIds.length) return [];
      const rows = await db.select().from(projects).where(and(inArray(projects.customerId, customerIds), isLiveProject)).orderBy(asc(projects.id));
      return rows.map((p) => ({ id: p.id, name: p.name, customer_id: p.customerId }));
    },

    userCustomerIds,

    /** Announce changes so that every process drops what it cached. */
    invalidateProject: (projectId: number) => Promise.all([projectCache.invalidate(projectId), bus.publish('new-items', `p:${projectId}`)]),
    invalidateAddressProjects: (addressId: number) => addressProjectsCache.invalidate(addressId),
    /** A project archived or restored: it leaves (or rejoins) the project lists of all its addresses. */
    invalidateProjectMembership: (projectId: number) =>
      Promise.all([projectCache.invalidate(projectId), addressProjectsCache.invalidate('*'), bus.publish('new-items', `p:${projectId}`)]),
    /** Residents' new-item counts of a project or an address; inside a transaction pass it as `tx` (see InvalidationBus). */
    invalidateNewItems: (scope: { projectId: number } | { addressId: number }, tx?: NoticeSender) =>
      bus.publish('new-items', 'projectId' in scope ? `p:${scope.projectId}` : `a:${scope.addressId}`, tx),
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;

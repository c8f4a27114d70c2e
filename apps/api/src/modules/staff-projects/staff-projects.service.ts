import { eq } from 'drizzle-orm';
import {
  DEFAULT_MODULE_LABELS, DEFAULT_PROJECT_MODULES, DEFAULT_TERMS_TEXT, LOGO_MAX_SIDE, staffProjectMessages,
  type TStaffCustomer, type TStaffCustomerBody, type TStaffProject, type TStaffProjectBody, type TStaffProjectCreateBody,
  type TStaffProjectListItem, type TStaffProjectListQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError, UnprocessableError, type FieldError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { sanitizeStaffHtml } from '../../lib/sanitize.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { customers } from '../customer/customer.table.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import { deleteUnreferencedFiles, fileUrl, processImage, removeStored, storedFileId, type FilesService } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { ProjectService } from '../project/project.service.ts';
import { projects } from '../project/project.table.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import {
  findCustomer, findCustomerNotification, hostsOfOtherCustomers, listCustomerProjectIds, listStaffProjects, lockHostNames,
  saveCustomerNotification, type CustomerRow, type NotificationRow, type ProjectRow,
} from './staff-projects.repository.ts';

/** Logos are public (the login page shows them before anyone logs in): files of this owner load for everyone. */
export const BRANDING_FILE_OWNER = 'branding';

export type StaffProjectsDeps = {
  db: Db;
  files: FilesService;
  jobs: JobQueue;
  customers: CustomerService;
  projects: ProjectService;
  audit: AuditService;
  access: StaffAccess;
};

/** The notification a customer without one of its own gets in the form: off, working days 08:00-17:00. */
const DEFAULT_NOTIFICATION: TStaffCustomer['notification'] = {
  show: 'off', title: '', text: '',
  sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false,
  from_hour: '08:00', till_hour: '17:00',
};

function toNotification(row: NotificationRow | null): TStaffCustomer['notification'] {
  if (!row) return DEFAULT_NOTIFICATION;
  return {
    show: row.show, title: row.title, text: row.text,
    sunday: row.sunday, monday: row.monday, tuesday: row.tuesday, wednesday: row.wednesday, thursday: row.thursday, friday: row.friday, saturday: row.saturday,
    from_hour: row.fromHour, till_hour: row.tillHour,
  };
}

function toCustomer(row: CustomerRow, notification: NotificationRow | null): TStaffCustomer {
  return {
    id: row.id, name: row.name, logo: row.logo, color_primary: row.colorPrimary, color_secondary: row.colorSecondary,
    website: row.website, domains: row.domains, login_url_occupants: row.loginUrlOccupants,
    terms_url: row.termsUrl, privacy_url: row.privacyUrl, cookies_url: row.cookiesUrl, terms_text: row.termsText ?? DEFAULT_TERMS_TEXT,
    notification: toNotification(notification),
  };
}

/** The stored terms: null (the portal's own text) when empty or the same as the portal's; undefined when not sent. */
function storedTermsText(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  const normalized = text.replace(/\r\n/g, '\n').trim();
  return !normalized || normalized === DEFAULT_TERMS_TEXT ? null : normalized;
}

function toProject(row: ProjectRow, customer: CustomerRow): TStaffProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    logo_url: row.logoUrl,
    color_primary: row.colorPrimary,
    color_secondary: row.colorSecondary,
    website: row.website,
    is_public: row.isPublic,
    modules: row.modules.map((m) => ({ name: m.name, display_name: m.name === 'complaints' ? row.module18Name : (m.display_name ?? DEFAULT_MODULE_LABELS[m.name]) })),
    module_18_name: row.module18Name,
    welcome_message: row.welcomeMessage,
    support_base_progress: row.supportBaseProgress,
    work_order_show_image: row.workOrderShowImage,
    work_order_message: row.workOrderMessage,
    archived_at: row.archivedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    inherited: { logo: customer.logo, color_primary: customer.colorPrimary, color_secondary: customer.colorSecondary, website: customer.website },
  };
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * The console's customer settings and projects. Every change is written to the audit log in the same
 * transaction and then announced on the invalidation bus, so that every process serves the new
 * branding, host names and module lists at once.
 */
export function createStaffProjectsService({ db, files, jobs, customers: customerService, projects: projectService, audit, access }: StaffProjectsDeps) {
  files.registerOwner(BRANDING_FILE_OWNER, async () => ({}));

  async function customerOf(ctx: StaffContext): Promise<CustomerRow> {
    const row = await findCustomer(db, ctx.customerId);
    if (!row) throw new NotFoundError(); // a console session always has its customer (foreign key)
    return row;
  }

  async function readCustomer(ctx: StaffContext): Promise<TStaffCustomer> {
    const [row, notification] = await Promise.all([customerOf(ctx), findCustomerNotification(db, ctx.customerId)]);
    return toCustomer(row, notification);
  }

  /** A customer's change reaches the portal: its host cache, and every cached project (they carry the customer's branding). */
  async function announceCustomer(customerId: number) {
    await customerService.invalidate();
    await Promise.all((await listCustomerProjectIds(db, customerId)).map((id) => projectService.invalidateProject(id)));
  }

  /** A stored logo: png or jpeg by content, upright, at most LOGO_MAX_SIDE px, without metadata. */
  async function storeLogo(data: Buffer): Promise<string> {
    const image = await processImage(data, { type: staffProjectMessages.logoType }, { maxWidth: LOGO_MAX_SIDE, maxHeight: LOGO_MAX_SIDE });
    const file = await files.store({ filename: image.contentType === 'image/png' ? 'logo.png' : 'logo.jpg', mime: image.contentType, data: image.data, owner: BRANDING_FILE_OWNER });
    return fileUrl(file);
  }

  /**
   * A replaced or removed logo leaves storage with its row (issue 20: nothing orphaned): in the transaction
   * that drops the link, the file row goes when nothing else links it, and a job removes the bytes; they are
   * removed right after the commit too.
   */
  async function dropOldLogo(tx: Queryable, oldUrl: string | null, newUrl: string | null): Promise<string[]> {
    const id = storedFileId(oldUrl);
    if (id === null || oldUrl === newUrl) return [];
    const keys = await deleteUnreferencedFiles(tx, [id]);
    if (keys.length) await jobs.add('files-delete', { keys }, { tx });
    return keys;
  }

  async function changeProject(ctx: StaffContext, projectId: number, action: string, values: Partial<typeof projects.$inferInsert>): Promise<TStaffProject> {
    const before = await access.project(ctx, projectId);
    const customer = await customerOf(ctx);
    let dropped: string[] = [];
    const after = await db.transaction(async (tx) => {
      const [row] = await tx.update(projects).set({ ...values, updatedAt: new Date() }).where(eq(projects.id, projectId)).returning();
      if (values.logoUrl !== undefined) dropped = await dropOldLogo(tx, before.logoUrl, values.logoUrl);
      await audit.record(ctx, { action, entity: 'project', entityId: projectId, projectId, before: toProject(before, customer), after: toProject(row!, customer) }, tx);
      return row!;
    });
    await removeStored(files.storage, dropped); // what fails here, the queued job removes
    await projectService.invalidateProject(projectId);
    return toProject(after, customer);
  }

  async function setArchived(ctx: StaffContext, projectId: number, archived: boolean): Promise<TStaffProject> {
    const row = await access.project(ctx, projectId);
    if ((row.archivedAt !== null) === archived) return toProject(row, await customerOf(ctx));
    const answer = await changeProject(ctx, projectId, archived ? 'archive' : 'restore', { archivedAt: archived ? new Date() : null });
    // The project leaves (or rejoins) every address's list of projects, and the public's.
    await projectService.invalidateProjectMembership(projectId);
    return answer;
  }

  return {
    getCustomer: readCustomer,

    async updateCustomer(ctx: StaffContext, body: TStaffCustomerBody): Promise<TStaffCustomer> {
      const before = await readCustomer(ctx);
      const after = await db.transaction(async (tx) => {
        await lockHostNames(tx);
        const taken = await hostsOfOtherCustomers(tx, ctx.customerId, body.domains);
        if (taken.size) {
          const errors: FieldError[] = body.domains.flatMap((host, i) => (taken.has(host) ? [{ field: `domains.${i}`, message: staffProjectMessages.hostTaken(host) }] : []));
          throw new UnprocessableError(errors[0]!.message, errors);
        }
        const [row] = await tx.update(customers).set({
          name: body.name, colorPrimary: body.color_primary, colorSecondary: body.color_secondary, website: orNull(body.website),
          domains: body.domains, loginUrlOccupants: body.login_url_occupants,
          termsUrl: body.terms_url, privacyUrl: body.privacy_url, cookiesUrl: body.cookies_url, termsText: storedTermsText(body.terms_text),
        }).where(eq(customers.id, ctx.customerId)).returning();
        const n = body.notification;
        await saveCustomerNotification(tx, ctx.customerId, {
          show: n.show, title: n.title, text: n.text, fromHour: n.from_hour, tillHour: n.till_hour,
          sunday: n.sunday, monday: n.monday, tuesday: n.tuesday, wednesday: n.wednesday, thursday: n.thursday, friday: n.friday, saturday: n.saturday,
        });
        const answer = toCustomer(row!, await findCustomerNotification(tx, ctx.customerId));
        await audit.record(ctx, { action: 'update', entity: 'customer', entityId: ctx.customerId, before, after: answer }, tx);
        return answer;
      });
      await announceCustomer(ctx.customerId);
      return after;
    },

    async setCustomerLogo(ctx: StaffContext, data: Buffer | null): Promise<TStaffCustomer> {
      const before = await readCustomer(ctx);
      const logo = data ? await storeLogo(data) : null;
      let dropped: string[] = [];
      const after = await db.transaction(async (tx) => {
        await tx.update(customers).set({ logo }).where(eq(customers.id, ctx.customerId));
        dropped = await dropOldLogo(tx, before.logo, logo);
        const answer = { ...before, logo };
        await audit.record(ctx, { action: data ? 'update-logo' : 'remove-logo', entity: 'customer', entityId: ctx.customerId, before: { logo: before.logo }, after: { logo } }, tx);
        return answer;
      });
      await removeStored(files.storage, dropped); // what fails here, the queued job removes
      await announceCustomer(ctx.customerId);
      return after;
    },

    async listProjects(ctx: StaffContext, query: TStaffProjectListQuery): Promise<Page<TStaffProjectListItem>> {
      const size = pageSize(query);
      const rows = await listStaffProjects(db, {
        customerId: ctx.customerId, ids: await access.projectIds(ctx), q: query.q || undefined, status: query.status ?? 'active', before: query.before,
      }, size);
      const page = toPage(rows, size);
      return {
        hasMore: page.hasMore,
        items: page.items.map(({ project: p, customerColor, customerLogo }) => ({
          id: p.id, name: p.name, description: p.description ?? '', logo_url: p.logoUrl ?? customerLogo,
          color_primary: p.colorPrimary ?? customerColor, is_public: p.isPublic, archived_at: p.archivedAt?.toISOString() ?? null,
        })),
      };
    },

    async createProject(ctx: StaffContext, body: TStaffProjectCreateBody): Promise<TStaffProject> {
      const customer = await customerOf(ctx);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(projects).values({
          customerId: ctx.customerId, name: body.name, description: orNull(body.description), corporateIdentityColor: customer.colorPrimary,
          modules: DEFAULT_PROJECT_MODULES.map((name) => ({ name, display_name: DEFAULT_MODULE_LABELS[name] })),
          module18Name: DEFAULT_MODULE_LABELS.complaints, isPublic: false,
        }).returning();
        await audit.record(ctx, { action: 'create', entity: 'project', entityId: created!.id, projectId: created!.id, after: toProject(created!, customer) }, tx);
        return created!;
      });
      return toProject(row, customer);
    },

    async getProject(ctx: StaffContext, projectId: number): Promise<TStaffProject> {
      const row = await access.project(ctx, projectId);
      return toProject(row, await customerOf(ctx));
    },

    updateProject(ctx: StaffContext, projectId: number, body: TStaffProjectBody): Promise<TStaffProject> {
      return changeProject(ctx, projectId, 'update', {
        name: body.name,
        description: orNull(body.description),
        colorPrimary: orNull(body.color_primary),
        colorSecondary: orNull(body.color_secondary),
        website: orNull(body.website),
        isPublic: body.is_public,
        // The complaints tile's name is module_18_name, whatever display name the list gave it.
        modules: body.modules.map((m) => ({ name: m.name, display_name: m.name === 'complaints' ? body.module_18_name : m.display_name })),
        module18Name: body.module_18_name,
        welcomeMessage: sanitizeStaffHtml(body.welcome_message),
        supportBaseProgress: orNull(body.support_base_progress),
        workOrderShowImage: body.work_order_show_image,
        workOrderMessage: orNull(body.work_order_message),
      });
    },

    async setProjectLogo(ctx: StaffContext, projectId: number, data: Buffer | null): Promise<TStaffProject> {
      await access.project(ctx, projectId); // 404 before anything is stored
      const logo = data ? await storeLogo(data) : null;
      return changeProject(ctx, projectId, data ? 'update-logo' : 'remove-logo', { logoUrl: logo });
    },

    archiveProject: (ctx: StaffContext, projectId: number) => setArchived(ctx, projectId, true),
    restoreProject: (ctx: StaffContext, projectId: number) => setArchived(ctx, projectId, false),
  };
}
export type StaffProjectsService = ReturnType<typeof createStaffProjectsService>;

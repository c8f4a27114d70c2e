import { and, eq } from 'drizzle-orm';
import type { TFormFamily } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { addresses } from '../address/address.table.ts';
import type { Session } from '../auth/session.store.ts';
import type { ProjectService } from '../project/project.service.ts';
import { addressProjects } from '../project/project.table.ts';
import { findForm, findLatestEntry, insertEntry, insertEvent, type FormEntryRow, type FormRow } from './form-engine.repository.ts';
import { actorOf, asFormNotFound, ownerOf, type FormCaller } from './form-engine.service.ts';

/** An address of the project, or null (another project's or customer's address). */
export async function findProjectAddress(db: Db, projectId: number, addressId: number) {
  const [row] = await db
    .select({ id: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city })
    .from(addressProjects)
    .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .where(and(eq(addressProjects.projectId, projectId), eq(addressProjects.addressId, addressId)))
    .limit(1);
  return row ?? null;
}

export type ProjectRow = NonNullable<Awaited<ReturnType<ProjectService['projectWithCustomer']>>>['project'];
export type ProjectAddress = NonNullable<Awaited<ReturnType<typeof findProjectAddress>>>;
/** Who opens a form of one address, and for which address of which project. */
export type AddressFormAccess = { form: FormRow; project: ProjectRow; caller: FormCaller; address: ProjectAddress };

/**
 * Who may open a form that has one entry per address (intake and choice forms): a resident of an
 * address of the form's project, or staff of the project's customer acting for an address of it.
 * Anything else answers as if the form did not exist (no hint that another customer's form is there).
 */
export function addressFormAccess(deps: {
  db: Db;
  projects: ProjectService;
  family: TFormFamily;
  /** The project module the forms belong to ('intake', 'forms'). */
  module: string;
  /** Only active forms (an inactive choice form is gone for everyone). */
  activeOnly?: boolean;
  notFound: () => Error;
  addressUnknown: string;
}) {
  const { db, projects, family, notFound } = deps;

  async function formOf(formId: number): Promise<FormRow> {
    const form = await findForm(db, formId);
    if (!form || form.kind !== family || (deps.activeOnly && !form.isActive)) throw notFound();
    return form;
  }

  async function projectOf(projectId: number): Promise<ProjectRow> {
    const found = await projects.projectWithCustomer(projectId);
    if (!found || !found.project.modules.some((m) => m.name === deps.module)) throw notFound();
    return found.project;
  }

  const entryOf = (a: AddressFormAccess) => findLatestEntry(db, a.form.id, ownerOf(a.caller));

  return {
    /** A resident: a form of their address's project. */
    async occupant(session: Session, formId: number): Promise<AddressFormAccess> {
      if (session.addressId === null) throw new ForbiddenError();
      const form = await formOf(formId);
      await asFormNotFound(projects.occupantProjectId(session, form.projectId));
      const project = await projectOf(form.projectId);
      const address = await findProjectAddress(db, project.id, session.addressId);
      if (!address) throw notFound();
      return { form, project, caller: { kind: 'occupant', session, addressId: address.id }, address };
    },

    /**
     * Staff for an address of the project: a partner-portal session that reaches the project, or a session
     * acting for that very address (a login link), which reaches its own address's projects only.
     */
    async staff(session: Session, formId: number, addressId: number): Promise<AddressFormAccess> {
      const form = await formOf(formId);
      if (session.face === 'acting') {
        if (session.addressId !== addressId) throw notFound();
        await asFormNotFound(projects.occupantProjectId(session, form.projectId));
      } else {
        await asFormNotFound(projects.staffProject(session, form.projectId));
      }
      const project = await projectOf(form.projectId);
      const address = await findProjectAddress(db, project.id, addressId);
      if (!address) throw new NotFoundError(deps.addressUnknown);
      return { form, project, caller: { kind: 'staff', session, addressId: address.id }, address };
    },

    entryOf,

    /** The address's entry, made on the first save or upload (once, also when two requests race). */
    async ensureEntry(a: AddressFormAccess): Promise<FormEntryRow> {
      const existing = await entryOf(a);
      if (existing) return existing;
      const created = await db.transaction(async (tx) => {
        const row = await insertEntry(tx, a.form, ownerOf(a.caller), { onePerOwner: true, status: '' });
        if (row) await insertEvent(tx, row.id, actorOf(a.caller), 'created');
        return row;
      });
      const entry = created ?? (await entryOf(a)); // another request made it at the same moment
      if (!entry) throw notFound();
      return entry;
    },
  };
}

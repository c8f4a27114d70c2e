import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { forms, type FormRow } from '../form-engine/index.ts';
import type { ProjectRow, StaffContext } from '../staff/staff-access.ts';

/** What the console's consent screens need of the staff scope: the project, or the guard's 404. */
export type ConsentStaffAccess = { project(ctx: StaffContext, projectId: number): Promise<ProjectRow> };

/**
 * A consent (support-base) form of a project the staff member reaches, active, with its project: the one
 * lookup of the consent letters and the consent campaign. Anything else (another project's form, another
 * kind, switched off) is a 404 with `message`.
 */
export async function consentFormOf(
  db: Db, staffAccess: ConsentStaffAccess, ctx: StaffContext, projectId: number, formId: number, message: string,
): Promise<{ project: ProjectRow; form: FormRow }> {
  const project = await staffAccess.project(ctx, projectId);
  const [form] = await db.select().from(forms)
    .where(and(eq(forms.id, formId), eq(forms.projectId, projectId), eq(forms.kind, 'support-base'), eq(forms.isActive, true))).limit(1);
  if (!form) throw new NotFoundError(message);
  return { project, form };
}

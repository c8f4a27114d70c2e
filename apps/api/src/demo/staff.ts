import { eq, inArray } from 'drizzle-orm';
import type { Services } from '../services.ts';
import { hashPassword } from '../lib/passwords.ts';
import { staffProjects, userCustomers, users } from '../modules/auth/auth.table.ts';
import { customers } from '../modules/customer/customer.table.ts';
import { projects } from '../modules/project/project.table.ts';
import { encryptTotpSecret } from '../modules/staff/totp.ts';

/** The staff console's demo accounts (README, "Demo logins"). */
export const STAFF_DEMO = {
  /** beheer@example.nl (customer administrator of Woonstad) has TOTP with this secret: add it to an authenticator app. */
  adminTotpSecret: 'LL2QQCDONQBBPZUK4RNBQWVMMA5NEJSA',
  editor: { email: 'redactie@example.nl', password: 'Redactie2026!', name: 'Eva Smit (redactie)' },
} as const;

/**
 * The console's accounts of the demo: the customer administrator gets TOTP, and a project editor for the
 * Bloemenbuurt (no TOTP yet) is added. (The partner, a contractor, edits the projects it works on.)
 */
export async function seedStaffDemo(services: Services): Promise<void> {
  const { db } = services;
  const [woonstad] = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Woonstad Vernieuwd'));
  const projectRows = await db.select({ id: projects.id, name: projects.name }).from(projects)
    .where(inArray(projects.name, ['Renovatie Bloemenbuurt', 'Verduurzaming Rivierenwijk']));
  const projectId = (name: string) => projectRows.find((p) => p.name === name)!.id;
  if (!woonstad) return;
  const totpSecret = await encryptTotpSecret(services.secrets, STAFF_DEMO.adminTotpSecret);
  const editorHash = await hashPassword(STAFF_DEMO.editor.password);

  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret, totpEnabledAt: new Date() }).where(eq(users.username, 'beheer@example.nl'));
    const [editor] = await tx.insert(users).values({
      username: STAFF_DEMO.editor.email, email: STAFF_DEMO.editor.email, name: STAFF_DEMO.editor.name, passwordHash: editorHash,
    }).returning({ id: users.id });
    await tx.insert(userCustomers).values({ userId: editor!.id, customerId: woonstad.id, role: 'project-editor' });
    await tx.insert(staffProjects).values({ userId: editor!.id, projectId: projectId('Renovatie Bloemenbuurt') });
  });
}

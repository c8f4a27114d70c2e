import type { PaymentSubject } from '../src/modules/payment/payment.types.ts';
import type { TestApp } from './helpers.ts';

/** A choice form entry of the demo's address 10 in Bloemenbuurt (form "Keuzes voor uw keuken"), as the choice form would make it. */
export async function choiceEntry(t: TestApp): Promise<PaymentSubject> {
  const [formRow] = await t.query<{ id: number }>("SELECT id FROM forms WHERE kind = 'choice' AND project_id = $1 ORDER BY id LIMIT 1", [t.ids.projects.bloemenbuurt]);
  const [entry] = await t.query<{ id: number }>('INSERT INTO form_entries (form_id, project_id, address_id, amount_cents) VALUES ($1, $2, $3, 1250) RETURNING id',
    [formRow!.id, t.ids.projects.bloemenbuurt, t.ids.addresses.a10]);
  return { kind: 'choice-form', entryId: entry!.id };
}

import { z } from 'zod';
import { ZHostList, ZStaffCustomerBody, type TStaffCustomer, type TStaffCustomerBody } from '@portal/contract';

/** The form holds host names as rows (a field array needs objects); the contract's list rule checks them. */
export const ZCustomerForm = ZStaffCustomerBody.extend({
  domains: z.array(z.object({ value: z.string() })).superRefine((rows, ctx) => {
    const result = ZHostList.safeParse(rows.map((row) => row.value));
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path.length ? [issue.path[0]!, 'value'] : [], message: issue.message });
    }
  }),
});
export type CustomerForm = Omit<TStaffCustomerBody, 'domains'> & { domains: Array<{ value: string }> };

export const toForm = (c: TStaffCustomer): CustomerForm => ({
  name: c.name, color_primary: c.color_primary, color_secondary: c.color_secondary, website: c.website ?? '',
  domains: c.domains.map((value) => ({ value })), login_url_occupants: c.login_url_occupants,
  terms_url: c.terms_url, privacy_url: c.privacy_url, cookies_url: c.cookies_url, terms_text: c.terms_text,
  notification: c.notification,
});
export const toBody = (form: CustomerForm): TStaffCustomerBody => ({ ...form, domains: form.domains.map((d) => d.value.trim().toLowerCase()) });

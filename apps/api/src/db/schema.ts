export * from '../modules/customer/customer.table.ts';
export * from '../modules/project/project.table.ts';
export * from '../modules/address/address.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/mail/mail.table.ts';

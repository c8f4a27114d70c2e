export { contacts } from './contacts.table.ts';
export { createContactsService, type ContactsService } from './contacts.service.ts';
export { contactsRoutes } from './contacts.routes.ts';
export { contactsStaffRoutes } from './contacts.staff.routes.ts';

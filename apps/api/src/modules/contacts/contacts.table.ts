import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { projects } from '../project/project.table.ts';

/** A project's contact persons; can_chat adds the Chat link to /berichten/. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    affix: text('affix'),
    lastName: text('last_name').notNull(),
    email: text('email'),
    mobileNumber: text('mobile_number'),
    phoneNumber: text('phone_number'),
    function: text('function'),
    description: text('description'),
    avatarFileId: integer('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The organisation the contact works for: the logo's text alternative, shown beside the function. */
    organisation: text('organisation'),
    canChat: boolean('can_chat').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('contacts_project_idx').on(t.projectId, t.position, t.id),
    index('contacts_avatar_idx').on(t.avatarFileId),
    index('contacts_logo_idx').on(t.logoFileId),
  ],
);

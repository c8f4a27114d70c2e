import { CONTENT_LIST_LIMIT, type TContact } from '@portal/contract';
import type { ContentDeps, Reader } from '../../lib/content.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { optionalFileUrl } from '../files/index.ts';
import { findContactWithFile, insertContacts, selectContacts, type NewContact } from './contacts.repository.ts';

export function createContactsService({ db, files }: Pick<ContentDeps, 'db' | 'files'>) {
  files.registerOwner('contacts', async (fileId, viewer) => ((await findContactWithFile(db, fileId, viewer)) ? {} : null));

  return {
    async list(reader: Reader): Promise<TContact[]> {
      const rows = await selectContacts(db, reader, CONTENT_LIST_LIMIT);
      return rows.map(({ contact: c, ...f }) => ({
        id: c.id,
        first_name: c.firstName,
        affix: c.affix,
        last_name: c.lastName,
        email: c.email,
        mobile_number: c.mobileNumber,
        phone_number: c.phoneNumber,
        function: c.function,
        description: c.description,
        avatar_url: optionalFileUrl(f.avatarId, f.avatarName),
        logo_url: optionalFileUrl(f.logoId, f.logoName),
        organisation: c.organisation,
        can_chat: c.canChat,
      }));
    },

    add: (rows: NewContact[], tx: Queryable = db) => insertContacts(tx, rows),
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;

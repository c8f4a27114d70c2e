import { ContactsPage } from '../../features/contacts/components/contacts-page';
import { ModuleScreen } from '../module-route';

/** /contactpersonen, /public/contactpersonen/:projectId, /partner/contactpersonen/:projectId */
export default function ContactsRoute() {
  return (
    <ModuleScreen module="contacts">
      {({ audience }) => <ContactsPage audience={audience} />}
    </ModuleScreen>
  );
}

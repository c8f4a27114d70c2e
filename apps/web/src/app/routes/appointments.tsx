import { useQuery } from '@tanstack/react-query';
import { storage } from '../../lib/storage';
import { ModulePage } from '../../ui/module-page';
import { ErrorState, Loading } from '../../ui/states';
import { appointmentQueries } from '../../features/appointment/api';
import { AppointmentList } from '../../features/appointment/components/appointment-list';
import { text } from '../../features/appointment/text';
import { householdQueries } from '../../features/household/api';
import { projectQueries } from '../../features/projects/api';

/** /afspraken: the address's appointments in the chosen project. */
export default function AppointmentsRoute() {
  const appointments = useQuery(appointmentQueries.list(storage.projectId()));
  // The confirmation's e-mail address and mobile number start as the logged-in person's own.
  const self = useQuery({ ...householdQueries.list(), select: (people) => people.find((p) => p.is_self) });
  const prefill = { email: self.data?.email_address ?? '', mobile: self.data?.mobile ?? '' };
  // Without free slots the card points at the team's chat and contact persons, where the project has them.
  const modules = useQuery({ ...projectQueries.occupant(storage.projectId()), select: (project) => project.modules.map((m) => m.name) });
  const contact = { chat: !!modules.data?.includes('messages'), contacts: !!modules.data?.includes('contacts') };
  return (
    <ModulePage title={text.title} backTo="/dashboard">
      {appointments.isPending ? <Loading /> : appointments.isError ? (
        <ErrorState error={appointments.error} retry={() => void appointments.refetch()} />
      ) : (
        <AppointmentList appointments={appointments.data} prefill={prefill} contact={contact} />
      )}
    </ModulePage>
  );
}

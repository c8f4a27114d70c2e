import { useQuery } from '@tanstack/react-query';
import { storage } from '../../lib/storage';
import { ModulePage } from '../../ui/module-page';
import { ErrorState, Loading } from '../../ui/states';
import { appointmentQueries } from '../../features/appointment/api';
import { AppointmentList } from '../../features/appointment/components/appointment-list';
import { text } from '../../features/appointment/text';

/** /afspraken: the address's appointments in the chosen project. */
export default function AppointmentsRoute() {
  const appointments = useQuery(appointmentQueries.list(storage.projectId()));
  return (
    <ModulePage title={text.title} backTo="/dashboard">
      {appointments.isPending ? <Loading /> : appointments.isError ? (
        <ErrorState error={appointments.error} retry={() => void appointments.refetch()} />
      ) : (
        <AppointmentList appointments={appointments.data} />
      )}
    </ModulePage>
  );
}

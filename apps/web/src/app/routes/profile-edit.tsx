import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { ErrorState, Loading } from '../../ui/states';
import { householdQueries } from '../../features/household/api';
import { OccupantForm } from '../../features/household/components/occupant-form';
import { text } from '../../features/household/text';
import { ProfileSubPage } from '../../features/household/components/sub-page';

/** /profiel/{occupant_id}: change a member of the household. */
export default function ProfileEditRoute() {
  const id = Number(useParams<{ occupantId: string }>().occupantId);
  const occupant = useQuery({ ...householdQueries.one(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <ProfileSubPage title={text.editTitle}>
      {!Number.isInteger(id) || id <= 0 ? <ErrorState error={null} /> : occupant.isPending ? <Loading /> : occupant.isError ? (
        <ErrorState error={occupant.error} retry={() => void occupant.refetch()} />
      ) : (
        <OccupantForm key={occupant.data.id} occupant={occupant.data} />
      )}
    </ProfileSubPage>
  );
}

import { OccupantForm } from '../../features/household/components/occupant-form';
import { text } from '../../features/household/text';
import { ProfileSubPage } from '../../features/household/components/sub-page';

/** /profiel/toevoegen/: a new member of the household, with an account. */
export default function ProfileAddRoute() {
  return (
    <ProfileSubPage title={text.addTitle}>
      <OccupantForm />
    </ProfileSubPage>
  );
}

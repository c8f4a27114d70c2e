import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../ui/button';
import { ModulePage } from '../../ui/module-page';
import { ErrorState, Loading } from '../../ui/states';
import { householdQueries } from '../../features/household/api';
import { HouseholdList } from '../../features/household/components/household-list';
import { MyDataRequest } from '../../features/household/components/my-data-request';
import { text } from '../../features/household/text';
import { texts as notificationTexts } from '../../features/notifications/texts';

/** /profiel: the household of the address, with change password and new user. */
export default function ProfileRoute() {
  const occupants = useQuery(householdQueries.list());
  return (
    <ModulePage
      title={text.title}
      backTo="/dashboard"
      actions={
        <>
          <ButtonLink variant="secondary" to="/profiel/meldingen">{notificationTexts.link}</ButtonLink>
          <ButtonLink variant="secondary" to="/profiel/wijzig-wachtwoord">{text.changePassword}</ButtonLink>
          <ButtonLink to="/profiel/toevoegen">{text.newUser}</ButtonLink>
        </>
      }
    >
      <p className="mb-2 max-w-3xl text-slate-700">{text.intro}</p>
      <p className="mb-4 max-w-3xl text-slate-700">{text.rolesIntro}</p>
      {occupants.isPending ? <Loading /> : occupants.isError ? (
        <ErrorState error={occupants.error} retry={() => void occupants.refetch()} />
      ) : (
        <HouseholdList occupants={occupants.data} />
      )}
      <MyDataRequest />
    </ModulePage>
  );
}

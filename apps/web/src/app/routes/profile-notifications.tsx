import { useQuery } from '@tanstack/react-query';
import { ProfileSubPage } from '../../features/household/components/sub-page';
import { notificationQueries } from '../../features/notifications/api';
import { PreferencesForm } from '../../features/notifications/components/preferences-form';
import { PushDevice } from '../../features/notifications/components/push-device';
import { texts } from '../../features/notifications/texts';
import { ErrorState, Loading } from '../../ui/states';

/** /profiel/meldingen: per category how the resident is told (e-mail, push, SMS), and push on this device. */
export default function ProfileNotificationsRoute() {
  const settings = useQuery(notificationQueries.settings());
  return (
    <ProfileSubPage title={texts.title}>
      <p className="mb-4 max-w-3xl text-slate-700">{texts.intro}</p>
      {settings.isPending ? <Loading /> : settings.isError ? (
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <PushDevice devices={settings.data.push_devices} />
          <PreferencesForm key={JSON.stringify(settings.data.preferences)} settings={settings.data} />
        </div>
      )}
    </ProfileSubPage>
  );
}

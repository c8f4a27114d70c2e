import { ChangePasswordForm } from '../../features/household/components/change-password-form';
import { text } from '../../features/household/text';
import { ProfileSubPage } from '../../features/household/components/sub-page';

/** /profiel/wijzig-wachtwoord/: change one's own password. */
export default function ProfilePasswordRoute() {
  return (
    <ProfileSubPage title={text.passwordTitle}>
      <ChangePasswordForm />
    </ProfileSubPage>
  );
}

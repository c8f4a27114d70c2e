import { Unsubscribe } from '../../features/notifications/components/unsubscribe';
import { texts } from '../../features/notifications/texts';
import { AuthFrame } from './auth-frame';

/** /afmelden?token=...: the unsubscribe link of an e-mail's footer; no login needed. */
export default function UnsubscribeRoute() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  return (
    <AuthFrame title={texts.unsubscribe.title}>
      <Unsubscribe token={token} />
    </AuthFrame>
  );
}

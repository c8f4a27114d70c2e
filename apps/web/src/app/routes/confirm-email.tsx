import { Link, useParams } from 'wouter';
import { EmailConfirmation } from '../../features/household/components/email-confirmation';
import { text } from '../../features/household/text';
import { AuthFrame } from './auth-frame';

/** /email/bevestigen/{code}: reached from the link sent to a new e-mail address; no login needed. */
export default function ConfirmEmailRoute() {
  const raw = useParams<{ code: string }>().code ?? '';
  // Path parameters arrive URL-encoded (wouter does not decode them).
  let code = raw;
  try {
    code = decodeURIComponent(raw);
  } catch {
    // keep it as it came: the server answers that the link is invalid
  }
  return (
    <AuthFrame title={text.confirmTitle} footer={<Link to="/inloggen" className="text-blue-800 underline">{text.toLogin}</Link>}>
      <EmailConfirmation key={code} code={code} />
    </AuthFrame>
  );
}

import { Link } from 'wouter';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { AuthFrame } from './auth-frame';

export default function ForgotPasswordRoute() {
  return (
    <AuthFrame title="Wachtwoord vergeten" footer={<Link to="/inloggen" className="text-blue-800 underline">Terug naar inloggen</Link>}>
      <p className="mb-4 text-sm text-slate-700">Vul uw gebruikersnaam in. U ontvangt dan een e-mail met een link om een nieuw wachtwoord in te stellen.</p>
      <ForgotPasswordForm />
    </AuthFrame>
  );
}

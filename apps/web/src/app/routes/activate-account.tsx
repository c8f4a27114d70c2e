import { useState, type FormEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { formatPostcode, messages } from '@portal/contract';
import { storage } from '../../lib/storage';
import { Button } from '../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { Checkbox } from '../../ui/field';
import { AuthFrame } from './auth-frame';

/** Step 1 of activation: accept the terms. */
export default function ActivateAccountRoute() {
  const [, navigate] = useLocation();
  const activation = storage.activation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string>();
  const summary = useErrorSummary();
  if (!activation) return <Redirect to="/inloggen" replace />;
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setError(messages.termsRequired);
      summary.focusSummary();
      return;
    }
    storage.setActivation({ ...activation, accepted: true });
    navigate('/stel-account-in');
  };
  return (
    <AuthFrame title="Account activeren">
      <form noValidate onSubmit={next} className="flex flex-col gap-4">
        <ErrorSummary errors={error ? [{ field: 'accept_terms', message: error }] : []} focusKey={summary.focusKey} />
        <p className="text-sm text-slate-700">
          Welkom! U logt voor het eerst in op het bewonersportaal voor postcode <strong>{formatPostcode(activation.zipcode)}</strong>, huisnummer{' '}
          <strong>{activation.house_number}</strong>. Lees en accepteer de voorwaarden; daarna stelt u uw eigen wachtwoord in.
        </p>
        <section aria-label="Voorwaarden" className="rounded-md border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800">
          <h2 className="mb-2 font-semibold">Gebruiksvoorwaarden bewonersportaal</h2>
          <p className="mb-2">Het bewonersportaal is bedoeld voor de bewoners van de woningen in het project. Uw inloggegevens zijn persoonlijk; deel ze niet met anderen.</p>
          <p className="mb-2">Wij gebruiken uw gegevens alleen om u te informeren over de werkzaamheden en om afspraken, formulieren en berichten met u af te handelen. Uw gegevens worden niet aan derden verstrekt, behalve aan partners die de werkzaamheden uitvoeren.</p>
          <p>U kunt uw account en de gegevens van uw huishouden op elk moment inzien en aanpassen via uw profiel.</p>
        </section>
        <Checkbox name="accept_terms" label="Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring" checked={accepted}
          onChange={(e) => { setAccepted(e.target.checked); setError(undefined); }} error={error} />
        <Button type="submit">Volgende</Button>
      </form>
    </AuthFrame>
  );
}

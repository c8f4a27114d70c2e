import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Redirect, useLocation } from 'wouter';
import { formatPostcode, messages, textParagraphs } from '@portal/contract';
import { projectQueries } from '../../features/projects/api';
import { PolicyLinks } from '../../features/auth/components/policy-links';
import { storage } from '../../lib/storage';
import { Button } from '../../ui/button';
import { ErrorSummary, useErrorSummary } from '../../ui/error-summary';
import { Checkbox } from '../../ui/field';
import { AuthFrame } from './auth-frame';

/** Step 1 of activation: accept the terms (the customer's own text and links, set in the console's Klant page). */
export default function ActivateAccountRoute() {
  const [, navigate] = useLocation();
  const activation = storage.activation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string>();
  const summary = useErrorSummary();
  const customer = useQuery(projectQueries.customer());
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
          {customer.data ? (
            <div className="flex flex-col gap-2" data-testid="terms-text">
              {textParagraphs(customer.data.terms_text).map((paragraph, i) => <p key={i} className="whitespace-pre-line">{paragraph}</p>)}
            </div>
          ) : customer.isError ? (
            <p>De voorwaarden kunnen nu niet worden geladen. Probeer het over een paar minuten opnieuw.</p>
          ) : (
            <p className="text-slate-600">Voorwaarden laden…</p>
          )}
        </section>
        {customer.data && <PolicyLinks customer={customer.data} />}
        <Checkbox name="accept_terms" label="Ik ga akkoord met de gebruiksvoorwaarden en de privacyverklaring" checked={accepted}
          onChange={(e) => { setAccepted(e.target.checked); setError(undefined); }} error={error} />
        <Button type="submit">Volgende</Button>
      </form>
    </AuthFrame>
  );
}

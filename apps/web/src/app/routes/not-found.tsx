import { Page } from '../../ui/page';
import { ButtonLink } from '../../ui/button';
import { storage } from '../../lib/storage';

/** An address no screen answers: said plainly, with the way back for whoever is looking. */
export default function NotFoundRoute() {
  const role = storage.token() ? storage.role() : null;
  const back = role === 'occupant'
    ? { to: storage.projectId() ? '/dashboard' : '/projecten', label: 'Naar het dashboard' }
    : role ? { to: '/partner/klanten', label: 'Naar de klanten' }
      : { to: '/public/projecten', label: 'Naar de projecten' };
  return (
    <Page title="Pagina niet gevonden" narrow>
      <p className="mb-4 text-slate-700">Deze pagina bestaat niet (meer) of is nog niet beschikbaar.</p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
        {!role && <ButtonLink to="/inloggen" variant="secondary">Inloggen</ButtonLink>}
      </div>
    </Page>
  );
}

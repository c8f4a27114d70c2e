import { Page } from '../../ui/page';
import { ButtonLink } from '../../ui/button';

export default function NotFoundRoute() {
  return (
    <Page title="Pagina niet gevonden" narrow>
      <p className="mb-4 text-slate-700">Deze pagina bestaat niet (meer) of is nog niet beschikbaar.</p>
      <ButtonLink to="/">Naar de startpagina</ButtonLink>
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { retentionPaths, type TPrivacyPage } from '@portal/contract';
import { api } from '../../lib/api';
import { Card, Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';

export const privacyTexts = {
  title: 'Privacyverklaring',
  intro: (customer: string) => `${customer} gebruikt dit bewonersportaal om u te informeren over de werkzaamheden aan uw woning en om afspraken, formulieren, berichten en uw instemming af te handelen. `
    + `${customer} is verantwoordelijk voor uw gegevens. Hieronder staat welke gegevens het portaal bewaart en hoe lang.`,
  keptTitle: 'Wat we bewaren en hoe lang',
  kept: 'Bewaartermijn',
  rightsTitle: 'Uw rechten',
  rights: 'U mag de gegevens die wij over u hebben inzien, laten verbeteren of laten verwijderen, en u kunt ze als bestand ontvangen. Gegevens die we volgens de wet moeten bewaren, zoals betalingen, verwijderen we pas na afloop van de wettelijke termijn. We beantwoorden uw verzoek binnen een maand.',
  askTitle: 'Vragen over uw gegevens',
  noContact: (customer: string) => `Neem contact op met ${customer}.`,
  website: 'Website',
  complaint: 'Bent u het niet eens met hoe wij met uw gegevens omgaan? Dan kunt u een klacht indienen bij de Autoriteit Persoonsgegevens.',
} as const;

const privacyQuery = () => ({
  queryKey: ['privacy', window.location.host] as const,
  queryFn: () => api<TPrivacyPage>(retentionPaths.privacy, { query: { domain: window.location.hostname }, token: false }),
  staleTime: 5 * 60_000,
});

/** /privacy (and /privacyverklaring, the default privacy link): the customer's privacy page, written from its retention policy. */
export function PrivacyPage() {
  const page = useQuery(privacyQuery());
  return (
    <Page title={privacyTexts.title}>
      {page.isPending ? <Loading /> : page.isError ? <ErrorState error={page.error} retry={() => void page.refetch()} /> : <PrivacyContent page={page.data} />}
    </Page>
  );
}

function PrivacyContent({ page }: { page: TPrivacyPage }) {
  return (
    <div className="flex max-w-3xl flex-col gap-6 text-slate-900">
      <p>{privacyTexts.intro(page.customer_name)}</p>
      <section aria-labelledby="privacy-kept" className="flex flex-col gap-3">
        <h2 id="privacy-kept" className="text-xl font-semibold">{privacyTexts.keptTitle}</h2>
        <ul className="flex flex-col gap-3">
          {page.items.map((item) => (
            <li key={item.category}>
              <Card className="flex flex-col gap-1">
                <h3 className="font-semibold">{item.label}</h3>
                <p className="text-slate-800">{item.holds}</p>
                <p><span className="font-medium">{privacyTexts.kept}: </span>{item.kept}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="privacy-rights" className="flex flex-col gap-2">
        <h2 id="privacy-rights" className="text-xl font-semibold">{privacyTexts.rightsTitle}</h2>
        <p>{privacyTexts.rights}</p>
      </section>
      <section aria-labelledby="privacy-ask" className="flex flex-col gap-2">
        <h2 id="privacy-ask" className="text-xl font-semibold">{privacyTexts.askTitle}</h2>
        <p className="whitespace-pre-line">{page.contact || privacyTexts.noContact(page.customer_name)}</p>
        {page.website && <p>{privacyTexts.website}: <a href={page.website} className="text-blue-800 underline underline-offset-2">{page.website}</a></p>}
        <p>{privacyTexts.complaint}</p>
      </section>
    </div>
  );
}

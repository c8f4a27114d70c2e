import { Redirect, useParams } from 'wouter';
import { ZSupportBaseToken, supportBaseMessages } from '@portal/contract';
import { Banner } from '../../ui/banner';
import { Page } from '../../ui/page';
import { idParam } from '../module-route';
import { SupportBaseScreen } from '../../features/forms/support-base/support-base-page';
import { supportBasePage } from '../../features/forms/support-base/steps';

type Params = { formId: string; section?: string; nr?: string; token?: string };

/** A letter's personal link is kept for this tab (sessionStorage) so that the wizard's steps need not carry it. */
const letterKey = (formId: number) => `portal.support-base-letter.${formId}`;
function letterToken(formId: number): string | null {
  try {
    return globalThis.sessionStorage.getItem(letterKey(formId));
  } catch {
    return null;
  }
}

/**
 * /public/formulier/draagvlak/:formId/token/:token (a letter's personal link, kept for the tab) and
 * /public/formulier/draagvlak/:formId/:section?/:nr? (the steps, with the kept link).
 */
export default function PublicSupportBaseRoute() {
  const { formId: rawFormId, section, nr, token } = useParams<Params>();
  const formId = idParam(rawFormId) ?? -1;
  if (token !== undefined) {
    if (!ZSupportBaseToken.safeParse(token).success) return <NotFound />;
    try {
      globalThis.sessionStorage.setItem(letterKey(formId), token);
    } catch {
      // private mode: the link works for this page only
    }
    return <Redirect to={supportBasePage(true, formId)} replace />;
  }
  const kept = letterToken(formId);
  if (!kept) {
    return (
      <Page title="Formulier">
        <Banner tone="warning" title={supportBaseMessages.notFound}>Open het formulier via de persoonlijke link in de brief die u van ons heeft ontvangen.</Banner>
      </Page>
    );
  }
  return <SupportBaseScreen scope={{ kind: 'public', formId, token: kept }} section={section} nr={nr} />;
}

function NotFound() {
  return <Page title="Formulier"><Banner tone="warning">{supportBaseMessages.notFound}</Banner></Page>;
}

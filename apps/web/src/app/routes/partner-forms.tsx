import type { TModuleName, TPartnerFormKind } from '@portal/contract';
import { useLocation } from 'wouter';
import { ModuleScreen } from '../module-route';
import { PartnerForms } from '../../features/forms/components/partner-form-lists';

/** The module a partner's form kind belongs to (its tile, title and access): intake forms to Opname, choice forms to Formulieren. */
export const PARTNER_FORM_MODULES: Record<TPartnerFormKind, TModuleName> = { intake: 'intake', choice: 'forms' };

/** The form kind of a partner's page: /partner/keuze/... choice, /partner/opname/... intake. */
export function usePartnerFormKind(): TPartnerFormKind {
  const [location] = useLocation();
  return location.startsWith('/partner/keuze/') ? 'choice' : 'intake';
}

/** /partner/opname/project/:projectId/formulieren and /partner/keuze/project/:projectId/formulieren: the project's intake or choice forms. */
export default function PartnerFormsRoute() {
  const kind = usePartnerFormKind();
  return <ModuleScreen module={PARTNER_FORM_MODULES[kind]}>{({ audience }) => <PartnerForms kind={kind} projectId={audience.projectId ?? 0} />}</ModuleScreen>;
}

import { useParams } from 'wouter';
import { dashboardPath } from '../../lib/audience';
import { ModulePage } from '../../ui/module-page';
import { PartnerPayments } from '../../features/payments/components/partner-payments';
import { paymentTexts } from '../../features/payments/texts';
import { idParam } from '../module-route';

/** /partner/betalingen/:projectId: staff see every online payment of the project with its history (issue 9). */
export default function PartnerPaymentsRoute() {
  const { projectId } = useParams<{ projectId: string }>();
  const id = idParam(projectId) ?? -1;
  return (
    <ModulePage title={paymentTexts.title} backTo={dashboardPath({ kind: 'partner', projectId: id })}>
      <PartnerPayments projectId={id} />
    </ModulePage>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { Page } from '../../ui/page';
import { ButtonLink } from '../../ui/button';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import { ConsentTally } from '../../features/forms/support-base/consent-tally';

export default function PartnerDashboardRoute() {
  const projectId = Number(useParams().projectId);
  const project = useQuery(projectQueries.partner(projectId));
  if (project.isPending) return <Loading />;
  if (project.isError) return <Page title="Project"><ErrorState error={project.error} /></Page>;
  return (
    <Page title={project.data.name} actions={
      <div className="flex flex-wrap items-center gap-2">
        <ButtonLink variant="secondary" to={`/partner/betalingen/${projectId}`}>Betalingen</ButtonLink>
        <ButtonLink variant="secondary" to={`/partner/projecten/${project.data.customer_id}`}>Alle projecten</ButtonLink>
      </div>
    }>
      <Dashboard project={project.data} audience="partner" />
      <ConsentTally projectId={projectId} />
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { Page } from '../../ui/page';
import { ButtonLink } from '../../ui/button';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { ProjectList } from '../../features/projects/components/project-list';

export default function PartnerProjectsRoute() {
  const customerId = Number(useParams().customerId);
  const [, navigate] = useLocation();
  const projects = useQuery(projectQueries.partnerList(customerId));
  return (
    <Page title="Projecten" actions={<ButtonLink variant="secondary" to="/partner/klanten">Alle klanten</ButtonLink>}>
      {projects.isPending ? <Loading /> : projects.isError ? <ErrorState error={projects.error} /> : (
        <ProjectList projects={projects.data} buttonLabel="Open project" onOpen={(project) => navigate(`/partner/dashboard/${project.id}`)} />
      )}
    </Page>
  );
}

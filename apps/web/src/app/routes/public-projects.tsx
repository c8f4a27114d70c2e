import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { ProjectList } from '../../features/projects/components/project-list';

export default function PublicProjectsRoute() {
  const [, navigate] = useLocation();
  const customer = useQuery(projectQueries.customer());
  const projects = useQuery({ ...projectQueries.publicList(customer.data?.id ?? 0), enabled: !!customer.data });
  const failed = customer.error ?? projects.error;
  return (
    <Page title="Projecten">
      {failed ? <ErrorState error={failed} retry={() => void (customer.isError ? customer.refetch() : projects.refetch())} />
        : !projects.data ? <Loading />
        : <ProjectList projects={projects.data} buttonLabel="Bekijk project" onOpen={(project) => navigate(`/public/dashboard/${project.id}`)} />}
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { Dashboard } from '../../features/dashboard/components/dashboard';

export default function PublicDashboardRoute() {
  const projectId = Number(useParams().projectId);
  const project = useQuery(projectQueries.public(projectId));
  if (project.isPending) return <Loading />;
  if (project.isError) return <Page title="Project"><ErrorState error={project.error} /></Page>;
  return (
    <Page title={project.data.name}>
      <Dashboard project={project.data} audience="public" />
    </Page>
  );
}

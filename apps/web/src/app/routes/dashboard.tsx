import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import { storage } from '../../lib/storage';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { Dashboard } from '../../features/dashboard/components/dashboard';

export default function DashboardRoute() {
  const projectId = storage.projectId();
  const project = useQuery({ ...projectQueries.occupant(projectId), enabled: projectId !== null });
  if (projectId === null) return <Redirect to="/projecten" replace />;
  if (project.isPending) return <Loading />;
  if (project.isError) return <Page title="Dashboard"><ErrorState error={project.error} retry={() => void project.refetch()} /></Page>;
  return (
    <Page title={project.data.name}>
      <Dashboard project={project.data} audience="occupant" />
    </Page>
  );
}

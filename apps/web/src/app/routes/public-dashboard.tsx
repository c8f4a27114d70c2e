import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { ApiError } from '../../lib/api';
import { ButtonLink } from '../../ui/button';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { Dashboard } from '../../features/dashboard/components/dashboard';

export default function PublicDashboardRoute() {
  const projectId = Number(useParams().projectId);
  const validId = Number.isSafeInteger(projectId) && projectId > 0;
  const project = useQuery({ ...projectQueries.public(projectId), enabled: validId });
  const notFound = !validId || (project.isError && project.error instanceof ApiError && project.error.status === 404);
  if (notFound) {
    return (
      <Page title="Project niet gevonden" narrow>
        <p className="mb-4 text-slate-700">Dit project bestaat niet of is niet openbaar.</p>
        <ButtonLink to="/public/projecten">Naar de projecten</ButtonLink>
      </Page>
    );
  }
  if (project.isPending) return <Loading />;
  if (project.isError) return <Page title="Project"><ErrorState error={project.error} retry={() => void project.refetch()} /></Page>;
  return (
    <Page title={project.data.name}>
      <Dashboard project={project.data} audience="public" />
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { afterProjectChosen } from '../../features/auth/after-login';
import { Page } from '../../ui/page';
import { ErrorState, Loading } from '../../ui/states';
import { projectQueries } from '../../features/projects/api';
import { ProjectList } from '../../features/projects/components/project-list';

/** The occupant's projects; choosing one opens its dashboard. */
export default function ProjectsRoute() {
  const [, navigate] = useLocation();
  const projects = useQuery(projectQueries.occupantList());
  return (
    <Page title="Mijn projecten">
      {projects.isPending ? <Loading /> : projects.isError ? <ErrorState error={projects.error} retry={() => void projects.refetch()} /> : (
        <ProjectList projects={projects.data} buttonLabel="Open project" onOpen={(project) => navigate(afterProjectChosen(project.id))} />
      )}
    </Page>
  );
}

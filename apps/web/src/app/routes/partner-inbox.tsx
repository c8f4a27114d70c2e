import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { ModulePage } from '../../ui/module-page';
import { projectQueries } from '../../features/projects/api';
import { PartnerInbox } from '../../features/chat/components/partner-inbox';
import { idParam } from '../module-route';

/** /partner/berichten/:projectId[/:conversationId]: the project team's inbox and one conversation with a reply box. */
export default function PartnerInboxRoute() {
  const params = useParams<{ projectId: string; conversationId?: string }>();
  const projectId = Number(params.projectId) || 0;
  const project = useQuery({ ...projectQueries.partner(projectId), enabled: projectId > 0 });
  return (
    <ModulePage title={project.data ? `Berichten: ${project.data.name}` : 'Berichten'} backTo={`/partner/dashboard/${projectId}`}>
      <PartnerInbox projectId={projectId} conversationId={idParam(params.conversationId)} />
    </ModulePage>
  );
}

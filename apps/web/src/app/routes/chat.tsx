import { ModulePage } from '../../ui/module-page';
import { ChatPage } from '../../features/chat/components/chat-page';
import { useModuleRoute } from '../module-route';

/** /berichten (resident), /public/berichten/:projectId and /public/chat/:projectId (visitor): the chat ('Contact'). */
export default function ChatRoute() {
  const { audience, title, backTo, markRead } = useModuleRoute('messages');
  if (audience.kind === 'partner') return null; // the team's side is /partner/berichten/:projectId
  return (
    <ModulePage title={title} backTo={backTo}>
      <ChatPage audience={audience} onRead={markRead} />
    </ModulePage>
  );
}

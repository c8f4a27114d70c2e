import { useParams } from 'wouter';
import { NewsPage } from '../../features/news/components/news-page';
import { idParam, ModuleScreen } from '../module-route';

/** /nieuws[/:id], /public/nieuws/:projectId[/:id], /partner/nieuws/:projectId[/:id] */
export default function NewsRoute() {
  const { id } = useParams<{ id?: string }>();
  return (
    <ModuleScreen module="news">
      {({ audience, markRead }) => <NewsPage audience={audience} articleId={idParam(id)} onRead={markRead} />}
    </ModuleScreen>
  );
}

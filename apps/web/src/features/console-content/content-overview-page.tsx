import { Link, useParams } from 'wouter';
import { DEFAULT_MODULE_LABELS, type TModuleName } from '@portal/contract';
import { consoleContentPaths, ContentPageLayout, useContentOverview } from '../../ui/console-content-layout';
import { ErrorState, Loading } from '../../ui/states';
import { contentTexts } from './texts';

/** The console slugs of a project's content modules, in the order the overview lists them. */
export const CONTENT_MODULES: Array<{ slug: string; module: TModuleName; count?: 'news' | 'complaints' | 'information' | 'faq' | 'schedule' }> = [
  { slug: 'nieuws', module: 'news', count: 'news' },
  { slug: 'klachten', module: 'complaints', count: 'complaints' },
  { slug: 'informatie', module: 'information', count: 'information' },
  { slug: 'veelgestelde-vragen', module: 'faq', count: 'faq' },
  { slug: 'planning', module: 'scheduling', count: 'schedule' },
  { slug: 'werkvolgorde', module: 'work_order' },
  { slug: 'partners', module: 'partners' },
  { slug: 'contactpersonen', module: 'contacts' },
  { slug: 'documenten', module: 'documents' },
  { slug: 'dossier', module: 'dossier' },
];

/** /beheer/projecten/{id}/inhoud: every content module of the project, each a link to its list. */
export default function ContentOverviewPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const overview = useContentOverview(projectId);
  return (
    <ContentPageLayout projectId={projectId} isOverview title={overview.data ? contentTexts.overviewTitle(overview.data.project.name) : contentTexts.overviewFallback}>
      {overview.isPending ? <Loading /> : overview.isError ? <ErrorState error={overview.error} retry={() => void overview.refetch()} /> : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {CONTENT_MODULES.map(({ slug, module, count }) => {
            const label = module === 'complaints' ? overview.data.project.module_18_name : DEFAULT_MODULE_LABELS[module];
            const on = overview.data.modules.includes(module);
            return (
              <li key={slug}>
                <Link href={consoleContentPaths.module(projectId, slug)}
                  className="flex h-full flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-slate-500">
                  <span className="font-semibold text-blue-800 underline underline-offset-2">{label}</span>
                  <span className="text-sm text-slate-700">
                    {[count !== undefined ? contentTexts.itemCount(overview.data.counts[count]) : null, on ? null : contentTexts.moduleOff].filter(Boolean).join(' · ') || contentTexts.moduleOn}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </ContentPageLayout>
  );
}

import { type ReactNode } from 'react';
import { useParams } from 'wouter';
import type { TStaffListItem } from '@portal/contract';
import { ButtonLink } from '../../ui/button';
import { consoleContentPaths, ContentPageLayout } from '../../ui/console-content-layout';
import { ConsoleList, ContentListRows } from '../../ui/console-list';
import { contentApi, contentKeys, CONTENT_MODULE_DEFS, type ContentModule } from './api';

type Props = {
  module: ContentModule;
  title: string;
  searchLabel: string;
  emptyText: string;
  newLabel: string;
  /** Above the list (the planning's settings link). */
  intro?: ReactNode;
  /** Renders the items another way than one list (the planning: by day). */
  render?: (items: TStaffListItem[], hrefOf: (item: TStaffListItem) => string) => ReactNode;
};

/** A content module's list in the console: search, status per item, "Meer laden", and a link to a new item. */
export function ContentListPage({ module, title, searchLabel, emptyText, newLabel, intro, render }: Props) {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const slug = CONTENT_MODULE_DEFS[module].slug;
  const hrefOf = (item: TStaffListItem) => consoleContentPaths.item(projectId, slug, item.id);
  return (
    <ContentPageLayout projectId={projectId} title={title} actions={<ButtonLink to={consoleContentPaths.item(projectId, slug, 'nieuw')}>{newLabel}</ButtonLink>}>
      <div className="flex flex-col gap-4">
        {intro}
        <ConsoleList queryKey={contentKeys.list(projectId, module)} load={(page) => contentApi.list(projectId, module, page)} searchLabel={searchLabel} emptyText={emptyText}>
          {(items) => (render ? render(items, hrefOf) : <ContentListRows items={items} hrefOf={hrefOf} />)}
        </ConsoleList>
      </div>
    </ContentPageLayout>
  );
}

import { Crumbs } from '../../../ui/crumbs';
import { entryTexts as texts } from '../texts';

/** Projecten › project › Formulieren › (Invullingen ›) current. */
export function EntriesCrumbs({ projectId, projectName, formId, current }: { projectId: number; projectName?: string; formId?: number; current?: string }) {
  const crumbs = [
    { href: '/projecten', label: texts.crumbs.projects },
    { href: `/projecten/${projectId}`, label: projectName ?? `Project ${projectId}` },
    { href: `/projecten/${projectId}/formulieren`, label: texts.crumbs.forms },
    ...(formId !== undefined ? [{ href: `/projecten/${projectId}/formulieren/${formId}/invullingen`, label: texts.crumbs.entries }] : []),
  ];
  return <Crumbs crumbs={crumbs} current={current ?? texts.crumbs.entries} />;
}

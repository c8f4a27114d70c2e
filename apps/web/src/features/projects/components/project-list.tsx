import type { TProjectSummary } from '@portal/contract';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/states';

/** Cards of projects; a card's title and its button open it. */
export function ProjectList({ projects, buttonLabel, onOpen }: { projects: TProjectSummary[]; buttonLabel: string; onOpen: (project: TProjectSummary) => void }) {
  if (!projects.length) return <EmptyState>Er zijn geen projecten beschikbaar.</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id} className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="h-1.5 rounded" style={{ backgroundColor: project.color_primary }} aria-hidden="true" />
          {project.logo_url && <img src={project.logo_url} alt="" className="h-12 w-auto self-start object-contain" />}
          <h2 className="text-lg font-semibold">
            {/* The title opens the project too, as a card's title does everywhere else. */}
            <button type="button" className="rounded text-left text-slate-900 underline-offset-2 hover:text-brand hover:underline" onClick={() => onOpen(project)}>
              {project.name}
            </button>
          </h2>
          {project.description && <p className="text-sm text-slate-700">{project.description}</p>}
          <Button className="mt-auto self-start" onClick={() => onOpen(project)} aria-label={`${buttonLabel}: ${project.name}`}>
            {buttonLabel}
          </Button>
        </li>
      ))}
    </ul>
  );
}

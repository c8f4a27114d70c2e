import { Link } from 'wouter';
import { moduleTilePath, type TProject } from '@portal/contract';
import { SafeHtml } from '../../../ui/safe-html';
import { ModuleIcon } from './module-icon';

const tile = 'relative flex h-32 flex-col items-center justify-center gap-2 rounded-lg p-3 text-center shadow-sm';

/** The welcome message, the support-base progress and one tile per module of the project. */
export function Dashboard({ project, audience }: { project: TProject; audience: 'occupant' | 'public' | 'partner' }) {
  return (
    <div className="flex flex-col gap-6">
      {(project.welcome_message || project.support_base_progress) && (
        <section aria-label="Welkom" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          {project.welcome_message && <SafeHtml html={project.welcome_message} />}
          {project.support_base_progress && (
            <p className="mt-2 rounded-md bg-slate-100 p-3 text-sm font-medium text-slate-800">
              <span className="sr-only">Draagvlak: </span>
              {project.support_base_progress}
            </p>
          )}
        </section>
      )}
      <nav aria-label="Onderdelen van het project">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {project.modules.map((module) => {
            const to = moduleTilePath(module.name, project.id, audience);
            const face = (
              <>
                <ModuleIcon name={module.name} />
                <span className="font-semibold">{module.display_name}</span>
              </>
            );
            return (
              <li key={module.name}>
                {to ? (
                  <Link to={to} className={`${tile} bg-brand text-on-brand transition hover:brightness-110`} data-module={module.name}>
                    {face}
                    {module.nr_of_new_items > 0 && (
                      <span className="absolute right-2 top-2 min-w-7 rounded-full bg-white px-2 py-0.5 text-sm font-bold text-slate-900">
                        {module.nr_of_new_items}
                        <span className="sr-only"> nieuw</span>
                      </span>
                    )}
                  </Link>
                ) : (
                  // A module this audience has no page for (a partner on a resident-only module): shown, not a link.
                  <div className={`${tile} border-2 border-dashed border-slate-400 bg-white text-slate-700`} data-module={module.name}>
                    {face}
                    <span className="text-sm">Alleen voor bewoners</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

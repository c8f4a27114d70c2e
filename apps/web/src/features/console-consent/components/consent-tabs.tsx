import { Link } from 'wouter';
import { campaignTexts as texts } from '../texts';

/** The two screens of a project's draagvlak area: the campaign and the letters. */
export function ConsentTabs({ projectId, current }: { projectId: number; current: 'campaign' | 'letters' }) {
  const tabs = [
    { id: 'campaign' as const, href: `/projecten/${projectId}/draagvlak/campagne`, label: texts.tabs.campaign },
    { id: 'letters' as const, href: `/projecten/${projectId}/draagvlak`, label: texts.tabs.letters },
  ];
  return (
    <nav aria-label={texts.tabs.label} className="mb-4 border-b border-slate-300">
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link href={tab.href} aria-current={tab.id === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold ${tab.id === current ? 'border-blue-800 text-blue-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

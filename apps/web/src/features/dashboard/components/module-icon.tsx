import type { TModuleName } from '@portal/contract';

/** One simple line icon per module (24x24, stroke). */
const paths: Record<TModuleName, string> = {
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 8h3v9a2 2 0 0 1-2 2M7 9h7M7 13h7M7 16h4',
  information: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5v.5',
  faq: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17v.5',
  scheduling: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3M13 14h3M8 17h3',
  contacts: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6',
  partners: 'M3 12l4-4 5 3 5-3 4 4-4 5-5-3-5 3zM7 8v9M17 8v9',
  work_order: 'M4 6h2M9 6h11M4 12h2M9 12h11M4 18h2M9 18h11',
  messages: 'M4 5h16v11H9l-5 4z',
  survey: 'M6 3h12v18H6zM9 8l1.5 1.5L13 7M9 14h6M9 17h4',
  appointments: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15l2 2 4-4',
  documents: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  forms: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  intake: 'M4 20l4-1 11-11-3-3L5 16zM14 7l3 3',
  dossier: 'M3 7h7l2 2h9v10H3zM3 7V5h6',
  complaints: 'M12 3l9 16H3zM12 10v4M12 16.5v.5',
};

export function ModuleIcon({ name, className = 'size-8' }: { name: TModuleName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

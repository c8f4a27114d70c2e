import { Link } from 'wouter';

export type Crumb = { href: string; label: string };

/** Breadcrumbs: links to the pages above this one, then this page itself (no link). */
export function Crumbs({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return (
    <nav aria-label="Kruimelpad" className="-mt-2 mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        {crumbs.map((crumb) => (
          <li key={crumb.href} className="flex items-center gap-1">
            <Link href={crumb.href} className="text-blue-800 underline underline-offset-2">{crumb.label}</Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="font-medium text-slate-900">{current}</li>
      </ol>
    </nav>
  );
}

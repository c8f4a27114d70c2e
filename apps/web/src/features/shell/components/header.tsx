import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';

/** The user menu's links before UITLOGGEN: a resident's PROFIEL and PROJECTEN, staff's own project list. */
export type MenuLink = { to: string; label: string };

export type HeaderProps = {
  dashboardPath: string | null;
  menuLinks: MenuLink[];
  logo: string | null;
  logoAlt: string;
  variant: 'user' | 'public' | 'none';
  website: string | null;
  onLogout: () => void;
};

/** The fixed 83 px header: Dashboard link, logo and the user menu (or website and login on public pages). */
export function Header({ dashboardPath, menuLinks, logo, logoAlt, variant, website, onLogout }: HeaderProps) {
  return (
    <header data-fixed-header="" className="fixed inset-x-0 top-0 z-40 h-[83px] border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex h-full max-w-[1440px] items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          {dashboardPath && (
            <Link to={dashboardPath} className="flex min-h-11 items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
              {/* On narrow screens a house with the name for screen readers: the logo gets the room to stay readable. */}
              <svg viewBox="0 0 24 24" className="size-6 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" /></svg>
              <span className="sr-only sm:not-sr-only">Dashboard</span>
            </Link>
          )}
          {logo && <img src={logo} alt={logoAlt} className="h-14 min-w-14 max-w-[calc(100vw-8.5rem)] object-contain object-left sm:h-12 sm:max-w-60" data-testid="header-logo" />}
        </div>
        {variant === 'user' && <UserMenu links={menuLinks} onLogout={onLogout} />}
        {variant === 'public' && (
          <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
            {website && (
              <a href={website} className="rounded-md border border-slate-300 px-2 py-2 text-sm font-semibold sm:px-3" target="_blank" rel="noopener noreferrer">
                Website
              </a>
            )}
            <Link to="/inloggen" className="rounded-md bg-brand px-2 py-2 text-sm font-semibold text-on-brand sm:px-3">Inloggen</Link>
          </div>
        )}
      </div>
    </header>
  );
}

function UserMenu({ links, onLogout }: { links: MenuLink[]; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const item = 'block w-full px-4 py-3 text-left text-sm font-semibold tracking-wide hover:bg-slate-100';
  return (
    <div ref={ref} className="relative">
      <button type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6" /></svg>
        {/* On narrow screens only the icon shows; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Menu</span>
      </button>
      {open && (
        <ul id={menuId} className="absolute right-0 mt-2 w-48 overflow-hidden rounded-md bg-white shadow-lg ring-1 ring-slate-200">
          {links.map((link) => (
            <li key={link.to}><Link to={link.to} className={item} onClick={() => setOpen(false)}>{link.label}</Link></li>
          ))}
          <li><button type="button" className={item} onClick={onLogout}>UITLOGGEN</button></li>
        </ul>
      )}
    </div>
  );
}

import type { TCustomer } from '@portal/contract';

/** The customer's policies, each where its settings put it (the console's Klant page); a policy without an address is left out. */
export const policyLinks = (customer: Pick<TCustomer, 'terms_url' | 'privacy_url' | 'cookies_url'>) =>
  [
    { href: customer.terms_url, label: 'Algemene voorwaarden' },
    { href: customer.privacy_url, label: 'Privacyverklaring' },
    { href: customer.cookies_url, label: 'Cookiebeleid' },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href));

/** The terms, privacy and cookie links under the login and activation pages (each opens in a new tab, as it says). */
export function PolicyLinks({ customer }: { customer: Pick<TCustomer, 'terms_url' | 'privacy_url' | 'cookies_url'> }) {
  const links = policyLinks(customer);
  if (!links.length) return null;
  return (
    <nav aria-label="Voorwaarden" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-slate-700">
      {links.map((link) => (
        <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" className="underline">
          {link.label}<span className="sr-only"> (opent in een nieuw tabblad)</span>
        </a>
      ))}
    </nav>
  );
}

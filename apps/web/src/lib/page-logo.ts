/**
 * The customer's logo as the server named it in the page's <head> (a preload link with data-portal-logo,
 * see apps/api/src/plugins/web-app.ts), so that the login pages show it before the customer lookup
 * answers: the browser fetched it together with the app.
 */
export function pageLogo(): { src: string; name: string } | null {
  const link = document.querySelector<HTMLLinkElement>('link[data-portal-logo]');
  const src = link?.getAttribute('href');
  return link && src ? { src, name: link.dataset.name ?? '' } : null;
}

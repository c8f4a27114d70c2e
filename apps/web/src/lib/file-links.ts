import type { MouseEvent } from 'react';
import type { TFileLink } from '@portal/contract';
import { api, ApiError } from './api';

/**
 * File links (/api/files/{id}/{filename}) come from the API ready to use, and the portal never adds
 * anything to them: public answers carry plain links (public files need no token); answers to a
 * logged-in call carry links signed for the session (`?token=`: a link token that opens that one file
 * for minutes, never the session token, which travels only in the Authorization header). An <img>
 * uses them as they are. A download may be clicked long after its list came, when its link has
 * expired, so a click asks the API for a freshly signed link first.
 */

const SIGNED_FILE_LINK = /^\/api\/files\/(\d+)\/[^?#]+\?(?:[^#]*&)?token=/;

/** The call that signs a fresh link for this signed file link (POST /files/{id}/link); null for any other link. */
export function freshLinkPath(href: string): string | null {
  const match = SIGNED_FILE_LINK.exec(href);
  return match ? `/files/${match[1]}/link` : null;
}

/** Downloads a same-origin file link without leaving the page. */
function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Click handler of a download link (`<a href={signed link} download>`): a plain click downloads through
 * a freshly signed link; a click with a modifier key, and a public link, are left to the browser. When
 * the session has ended, the API's answer sends the user to the login (lib/api); on any other failure
 * the link of the list is tried as it is.
 */
export function downloadWithFreshLink(event: MouseEvent<HTMLAnchorElement>): void {
  const href = event.currentTarget.getAttribute('href') ?? '';
  const path = freshLinkPath(href);
  if (!path || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  api<TFileLink>(path, { method: 'POST' }).then(
    ({ url }) => startDownload(url),
    (error: unknown) => {
      if (!(error instanceof ApiError && [401, 403, 500].includes(error.status))) startDownload(href);
    },
  );
}

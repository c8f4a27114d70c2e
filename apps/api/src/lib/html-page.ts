import type { FastifyReply } from 'fastify';

/**
 * Plain server-rendered pages of the API itself (the local test checkout, the local signing page): the
 * HTML shell in Dutch and escaping of the text put into it.
 */

/** Text or an attribute value, safe inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A whole page: `title` (escaped here), `head` (the page's style and scripts, as HTML) and `body` (HTML,
 * inside one `main.page` column); not for search engines, without a favicon request.
 */
export function htmlPage(input: { title: string; head: string; body: string }): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(input.title)}</title>
<link rel="icon" href="data:,">
${input.head}
</head>
<body>
<main class="page">
${input.body}
</main>
</body>
</html>`;
}

/** Answers with a page behind a secret link (the local sign and checkout pages): never cached nor indexed. */
export function sendHtmlPage(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

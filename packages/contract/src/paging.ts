/**
 * Paging of the reads that grow without bound: the news and document lists, the chat history (resident,
 * public visitor and partner), the partner inbox and the work order (`before` is there the last work-order
 * number held, content.ts). The planning comes a month at a time instead (schedulePaths). Plain values,
 * no zod, so the web bundle stays small; the query schema is `ZPageQuery` in common.ts.
 *
 * - Query: `limit` (1..PAGE_MAX_LIMIT, default PAGE_DEFAULT_LIMIT) and `before`, the id of the item
 *   the client already holds at the far end of the list: the last article (or document) of a page, the last
 *   conversation of an inbox page, the oldest message of a chat. The answer then continues after it in
 *   the list's own order (older articles, older messages, the next conversations). An unknown or
 *   foreign `before` gives an empty page.
 * - Answer: exactly the shape the call has without paging (the spec's array or object; without
 *   `before` it is the first page: the newest items), plus the response header `X-Has-More: true`
 *   when more items follow the page, `false` when the page is the last. A header rather than a field,
 *   because the spec's news list is a bare array that a field cannot join, and one rule for every
 *   paged read keeps the client to one helper.
 */
export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 100;
/** Response header of every paged read: 'true' when more items follow this page. */
export const HAS_MORE_HEADER = 'x-has-more';

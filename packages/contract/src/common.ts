import { z } from 'zod';
import { HAS_MORE_HEADER, PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from './paging.ts';
import { isValidText, textMessages } from './text.ts';

/** Every call carries language=nl (query on GET, body otherwise). */
export const ZLanguage = z.literal('nl').optional();

/** One error shape for every failed call: a Dutch message and optional per-field errors. */
export const ZApiError = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZSuccess = z.object({ success: z.boolean(), message: z.string().optional() });
export type TSuccess = z.infer<typeof ZSuccess>;

/**
 * Text without U+0000 or unpaired surrogates, for forms. The server refuses such text in every
 * request already (one hook for all endpoints), so wire schemas need not repeat it.
 */
export const ZText = z.string().refine(isValidText, { message: textMessages.invalidField });

/** An id of a row: PostgreSQL's integer, so that 2147483648 is refused by validation instead of by the database. */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);

/** HTML written by staff; sanitised by the server when stored and by the browser before rendering. */
export const ZHtml = z.string();

/** Dutch date on the wire: DD-MM-YYYY. */
export const ZDutchDate = z.string().regex(/^\d{2}-\d{2}-\d{4}$/);

export const ZIdParams = z.object({ id: ZId });

/** A public visitor's code, one for the chat and surveys alike (as issued: 32 base64url characters; 16-64 accepted). */
export const ZVisitorUnique = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const ZLanguageQuery = z.object({ language: ZLanguage });

/** Occupant calls name the chosen project; without it the address's only project is used. */
export const ZOccupantQuery = z.object({ language: ZLanguage, project_id: ZId.optional() });
export type TOccupantQuery = z.infer<typeof ZOccupantQuery>;

/** Paging of reads that grow (news, chat history, partner inbox); the rules are in paging.ts. */
export const ZPageQuery = z.object({
  before: ZId.optional().describe('Continue after this item: the last article or conversation, or the oldest message, the client holds.'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional().describe(`Items per page, 1-${PAGE_MAX_LIMIT}; ${PAGE_DEFAULT_LIMIT} when left out.`),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
export const ZPagedLanguageQuery = ZLanguageQuery.extend(ZPageQuery.shape);
export const ZPagedOccupantQuery = ZOccupantQuery.extend(ZPageQuery.shape);

/** A paged read's answer: the same schema, documented in the OpenAPI with the X-Has-More header. */
export function pagedAnswer<T extends z.ZodType>(schema: T): T {
  return schema.meta({
    headers: {
      [HAS_MORE_HEADER]: { type: 'string', enum: ['true', 'false'], description: "'true' when more items follow this page (ask again with `before`)." },
    },
  });
}

/** The file formats of every list a provider exports from the console (`?format=csv|xlsx`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZExportFormat = z.enum(EXPORT_FORMATS);
export type TExportFormat = z.infer<typeof ZExportFormat>;

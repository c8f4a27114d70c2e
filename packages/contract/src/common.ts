import { z } from 'zod';

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

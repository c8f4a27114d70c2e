import type { FastifyReply } from 'fastify';
import { encode, type ZodType } from 'zod';

/** The answer as sent: JSON text that fastify passes on as it is (no second serialisation). */
export type JsonText = { readonly json: string };

/**
 * Sends a JsonText with the content type of JSON: fastify passes a string with one on as it is, past the route's
 * serialiser and the preSerialization hooks (the file links' signing, which a kept answer never needs: see below).
 */
export function sendJsonText<R extends FastifyReply>(reply: R, text: JsonText): R {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(text.json) as R;
}

/** The answer validated against its contract schema and serialised, as the route's serialiser does (fastify-type-provider-zod). */
export const jsonText = <T>(schema: ZodType<T>, answer: T): JsonText => ({ json: JSON.stringify(encode(schema, answer)) });

/**
 * A heavy read's answer, validated against its contract schema and serialised once, and sent again while what it is
 * made of is the same. The answer belongs to an `owner` (a cached result it is worked out from: when the owner is
 * dropped, so is the answer) and is kept under a `key` that names everything else it is made of; a call with another
 * key makes it anew. An answer with a file link is never kept: file links are signed per session (files.routes.ts).
 *
 * What it saves per call on the console's consent campaign of 100 building units (48 kB): the answer's objects, the
 * zod pass of the route's serialiser over them, the walk for file links and JSON.stringify (npm run bench -- --scale).
 */
export function createAnswerMemo<T>(schema: ZodType<T>) {
  const memo = new WeakMap<object, { key: string; text: JsonText }>();
  return (owner: object, key: string, make: () => T): JsonText => {
    const hit = memo.get(owner);
    if (hit && hit.key === key) return hit.text;
    const text = jsonText(schema, make());
    if (!text.json.includes('"/api/files/')) memo.set(owner, { key, text });
    return text;
  };
}

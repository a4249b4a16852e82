/** Helpers of the public pages and feeds. */
import type { FastifyReply } from 'fastify';

/** A non-JSON response for the OpenAPI document. */
export function body(mediaType: string, description: string, format?: string) {
  return { description, content: { [mediaType]: { schema: { type: 'string', ...(format ? { format } : {}) } } } };
}

const CACHE = 'public, max-age=300';

export function sendText(reply: FastifyReply, type: string, payload: string | Buffer) {
  return reply.header('content-type', type).header('cache-control', CACHE).send(payload);
}

/** Routes served to browsers and crawlers, not part of the API document. */
export const hidden = { hide: true };

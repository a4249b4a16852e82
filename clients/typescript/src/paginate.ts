import type { SvcClient } from './client.js';
import { SvcApiError } from './errors.js';
import type { paths } from './schema.js';

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type GetOf<P extends keyof paths> = paths[P] extends { get: infer G } ? G : never;
type Answer<P extends keyof paths> = GetOf<P> extends { responses: { 200: infer R } } ? JsonOf<R> : never;

/** The paths whose GET answers a cursor-paged list ({items, next_cursor}). */
export type PagedPath = { [P in keyof paths]: Answer<P> extends Page<unknown> ? P : never }[keyof paths];
/** One item of a paged list. */
export type PageItem<P extends PagedPath> = Answer<P> extends Page<infer T> ? T : never;
/** The query of a paged list, without the cursor (paginate sends it). */
export type PageQuery<P extends PagedPath> = GetOf<P> extends { parameters: { query?: infer Q } } ? Omit<NonNullable<Q>, 'cursor'> : never;

/**
 * Every item of a cursor-paged list, page after page (each next page asked with the previous
 * page's `next_cursor`, until it is null). An error answer throws SvcApiError (status, code, detail, request id).
 *
 *   for await (const row of paginate(client, '/api/v1/ingest/calculations', { limit: 100 })) …
 */
export async function* paginate<P extends PagedPath>(client: SvcClient, path: P, query?: PageQuery<P>): AsyncGenerator<PageItem<P>, void, undefined> {
  // openapi-fetch's GET is typed per literal path: through a generic path it is called untyped.
  const get = client.GET as unknown as (path: string, init: { params: { query: Record<string, unknown> } }) => Promise<{ data?: Page<PageItem<P>>; error?: unknown; response: Response }>;
  let cursor: string | null = null;
  do {
    const q: Record<string, unknown> = { ...(query ?? {}) };
    if (cursor !== null) q.cursor = cursor;
    const { data, error, response } = await get(path, { params: { query: q } });
    // The client throws already; a plain openapi-fetch client answers the error instead.
    if (!data) throw await SvcApiError.fromResponse(response, 'GET', error ?? null);
    yield* data.items;
    cursor = data.next_cursor;
  } while (cursor !== null);
}

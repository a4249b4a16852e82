/** The changelog feeds: /api/changelog.json, /api/changelog.rss (no authentication). */
import { content } from '../../areas/content/content.js';
import { jsonFeed, rssFeed } from '../../areas/content/feeds.js';
import { ChangelogFeed } from '../../areas/content/schemas.js';
import { typed, type Routes } from '../scope.js';
import { body, sendText } from './send.js';

export const changelogRoutes: Routes = async (app, { deps }) => {
  const c = content();
  // Read on each request: without PUBLIC_BASE_URL the address is known only once the server listens.
  const site = () => ({ baseUrl: deps.publicUrl.base });
  const r = typed(app);

  r.get(
    '/api/changelog.json',
    {
      schema: {
        operationId: 'changelogJsonFeed',
        tags: ['changelog'],
        summary: 'Changelog as JSON Feed 1.1 (newest first)',
        // The feed is written once per request as text (jsonFeed): the schema documents it, Fastify sends the string as it is.
        response: { 200: { description: 'JSON Feed 1.1; each item carries `_service.version`', content: { 'application/feed+json': { schema: ChangelogFeed } } } },
      },
    },
    async (_request, reply) => sendText(reply, 'application/feed+json; charset=utf-8', JSON.stringify(jsonFeed(site(), c.changelog))),
  );

  r.get(
    '/api/changelog.rss',
    {
      schema: {
        operationId: 'changelogRss',
        tags: ['changelog'],
        summary: 'Changelog as RSS 2.0',
        response: { 200: body('application/rss+xml', 'RSS 2.0 with RFC 822 dates') },
      },
    },
    async (_request, reply) => sendText(reply, 'application/rss+xml; charset=utf-8', rssFeed(site(), c.changelog)),
  );
};

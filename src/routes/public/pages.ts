/**
 * Pages for browsers and crawlers (hidden from the API document): the HTML pages /blog,
 * /blog/{slug} and /changelog the feeds and sitemap link to, /sitemap.xml, /robots.txt and
 * /{indexnow-key}.txt.
 */
import helmet from '@fastify/helmet';
import { pageHelmet } from '../../http/security-headers.js';
import { sitemapEntries, sitemapXml } from '../../areas/content/blog.js';
import { content } from '../../areas/content/content.js';
import { indexNowKey } from '../../areas/indexnow/service.js';
import { blogIndexPage, blogPostPage, changelogPage, PAGE_CSP } from '../../areas/content/pages.js';
import type { Routes } from '../scope.js';
import { hidden, sendText } from './send.js';

export const pageRoutes: Routes = async (app, { deps }) => {
  const c = content();
  // Read on each request: without PUBLIC_BASE_URL the address is known only once the server listens.
  const site = deps.publicUrl;

  await app.register(async (pages) => {
    await pages.register(helmet, pageHelmet(PAGE_CSP));
    pages.get('/blog', { schema: hidden }, async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', blogIndexPage(c.posts, site.base)));
    pages.get<{ Params: { slug: string } }>('/blog/:slug', { schema: hidden }, async (request, reply) => {
      const p = c.postsBySlug.get(request.params.slug);
      if (!p) return reply.status(404).send({ detail: `No blog post '${request.params.slug}'`, code: 'not_found' });
      return sendText(reply, 'text/html; charset=utf-8', blogPostPage(p, site.base));
    });
    pages.get('/changelog', { schema: hidden }, async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', changelogPage(c.changelog, site.base)));
  });
  app.get('/sitemap.xml', { schema: hidden }, async (_request, reply) =>
    sendText(reply, 'application/xml; charset=utf-8', sitemapXml(sitemapEntries(c, site.base))),
  );
  app.get('/robots.txt', { schema: hidden }, async (_request, reply) =>
    sendText(
      reply,
      'text/plain; charset=utf-8',
      ['User-agent: *', 'Allow: /', 'Disallow: /api/admin/', 'Disallow: /api/auth/', 'Disallow: /api/partners/', 'Disallow: /api/ingest/', '', `Sitemap: ${site.base}/sitemap.xml`, ''].join('\n'),
    ),
  );
  const key = indexNowKey(deps);
  if (key) {
    app.get(`/${key}.txt`, { schema: hidden }, async (_request, reply) => sendText(reply, 'text/plain; charset=utf-8', key));
  } else if (deps.config.indexNowKey) {
    deps.log.warn('INDEXNOW_KEY is not a valid IndexNow key (8-128 characters: letters, digits, -): IndexNow is off');
  }
};

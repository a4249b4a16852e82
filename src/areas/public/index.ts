/**
 * Public surface: status, metrics, changelog, guide, blog, contact, deletion requests, IndexNow (issue 8).
 *   publicRoutes   at the root (paths under /api, plus /sitemap.xml, /robots.txt, /{indexnow-key}.txt
 *                  and the HTML pages /blog, /blog/{slug}, /changelog the feeds and sitemap link to)
 *   publicV1Routes under /api/v1 and /v1 (integration guide)
 */
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { errorResponses, security } from '../../http/schemas.js';
import { pageHelmet } from '../../http/security-headers.js';
import { publicWriteLimit } from '../usage/rate-limit.js';
import { categories, getPost, listPosts, relatedPosts, sitemapEntries, sitemapXml } from './blog.js';
import { content } from './content.js';
import { jsonFeed, rssFeed } from './feeds.js';
import { checkUrls, indexNowKey, indexNowStatus, submitUrls } from './indexnow.js';
import { blogIndexPage, blogPostPage, changelogPage, guidePdf, guideStandalone, guideViewer, PAGE_CSP } from './pages.js';
import { deleteDeletionRequest, listDeletionRequests, listLeads, requestDeletion, submitContact, updateDeletionRequest } from './requests.js';
import {
  CategoryList,
  ContactBody,
  ContactLeadList,
  ContactLeadQuery,
  ContactResponse,
  DeletedResponse,
  DeletionListQuery,
  DeletionParams,
  DeletionRequestBody,
  DeletionRequestList,
  DeletionRequestOut,
  DeletionRequestResponse,
  DeletionRequestUpdate,
  IncidentCreate,
  IncidentEntry,
  IncidentList,
  IncidentListQuery,
  IncidentParams,
  IncidentPatch,
  IncidentResolve,
  IndexNowStatus,
  IndexNowSubmitBody,
  IndexNowSubmitResult,
  PlatformMetrics,
  Post,
  PostList,
  PostsQuery,
  RelatedQuery,
  SlugParams,
  StatusCheck,
  StatusCheckCreate,
  StatusCheckQuery,
  StatusOverview,
} from './schemas.js';
import { STATUS_CHECKS_KEPT, createIncident, createStatusCheck, deleteIncident, listIncidents, listStatusChecks, platformMetrics, statusOverview, updateIncident } from './status.js';

/** A non-JSON response for the OpenAPI document. */
function body(mediaType: string, description: string, format?: string) {
  return { description, content: { [mediaType]: { schema: { type: 'string', ...(format ? { format } : {}) } } } };
}

const CACHE = 'public, max-age=300';

function sendText(reply: FastifyReply, type: string, payload: string | Buffer) {
  return reply.header('content-type', type).header('cache-control', CACHE).send(payload);
}

export const publicRoutes: Area = async (app, { deps, guards }) => {
  const c = content();
  const base = deps.config.publicBaseUrl;
  const r = typed(app);
  const site = { baseUrl: base };

  // ---------------- status and metrics ----------------

  r.get(
    '/api/platform/status',
    {
      schema: {
        operationId: 'platformStatus',
        tags: ['status'],
        summary: 'Overall status, components (from self-probes) and incidents',
        description:
          'Component status, response_ms, uptime_30d and the 30-day history come from probes the service runs on itself (database, ingest write path, webhook delivery backlog), recorded over time. Open incidents raise the status of the components they name.',
        response: { 200: StatusOverview },
      },
    },
    async () => statusOverview(deps),
  );

  r.get(
    '/api/platform/metrics',
    {
      schema: {
        operationId: 'platformMetrics',
        tags: ['status'],
        summary: 'Public platform aggregates',
        response: { 200: PlatformMetrics },
      },
    },
    async () => platformMetrics(deps),
  );

  r.get(
    '/api/status',
    {
      schema: {
        operationId: 'listStatusChecks',
        tags: ['status'],
        summary: 'Recorded status checks, newest first',
        querystring: StatusCheckQuery,
        response: { 200: Type.Array(StatusCheck), ...errorResponses(422) },
      },
    },
    async (request) => listStatusChecks(deps, request.query.limit),
  );

  r.post(
    '/api/status',
    {
      schema: {
        operationId: 'createStatusCheck',
        tags: ['status'],
        summary: 'Record a status check from a client (connectivity test)',
        description: `Anonymous, so limited per client address like the other public writes (429 with Retry-After). Only the newest ${STATUS_CHECKS_KEPT} checks are kept.`,
        body: StatusCheckCreate,
        response: { 200: StatusCheck, ...errorResponses(413, 415, 422, 429) },
      },
      onRequest: publicWriteLimit(deps, 'status'),
    },
    async (request) => createStatusCheck(deps, request.body.client_name),
  );

  // ---------------- changelog ----------------

  r.get(
    '/api/changelog.json',
    {
      schema: {
        operationId: 'changelogJsonFeed',
        tags: ['changelog'],
        summary: 'Changelog as JSON Feed 1.1 (newest first)',
        response: { 200: body('application/feed+json', 'JSON Feed 1.1; each item carries `_service.version`') },
      },
    },
    async (_request, reply) => sendText(reply, 'application/feed+json; charset=utf-8', JSON.stringify(jsonFeed(site, c.changelog))),
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
    async (_request, reply) => sendText(reply, 'application/rss+xml; charset=utf-8', rssFeed(site, c.changelog)),
  );

  // ---------------- blog ----------------

  r.get(
    '/api/blog/categories',
    { schema: { operationId: 'blogCategories', tags: ['blog'], summary: 'Blog categories with post counts', response: { 200: CategoryList } } },
    async () => categories(c),
  );

  r.get(
    '/api/blog/posts',
    {
      schema: {
        operationId: 'listBlogPosts',
        tags: ['blog'],
        summary: 'Blog posts: newest first, or ranked by relevance with q',
        description: 'q is a full-text search (every word must match; prefixes and small typos match too), best match first. category filters by category slug.',
        querystring: PostsQuery,
        response: { 200: PostList, ...errorResponses(422) },
      },
    },
    async (request) => listPosts(c, base, request.query),
  );

  r.get(
    '/api/blog/posts/:slug',
    {
      schema: {
        operationId: 'getBlogPost',
        tags: ['blog'],
        summary: 'One blog post with its content',
        params: SlugParams,
        response: { 200: Post, ...errorResponses(404, 422) },
      },
    },
    async (request) => getPost(c, base, request.params.slug),
  );

  r.get(
    '/api/blog/posts/:slug/related',
    {
      schema: {
        operationId: 'relatedBlogPosts',
        tags: ['blog'],
        summary: 'Posts sharing the category or tags of a post (never the post itself)',
        params: SlugParams,
        querystring: RelatedQuery,
        response: { 200: PostList, ...errorResponses(404, 422) },
      },
    },
    async (request) => relatedPosts(c, base, request.params.slug, request.query.limit),
  );

  // ---------------- HTML pages, sitemap, robots, IndexNow key ----------------

  const hidden = { hide: true };
  await app.register(async (pages) => {
    await pages.register(helmet, pageHelmet(PAGE_CSP));
    pages.get('/blog', { schema: hidden }, async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', blogIndexPage(c.posts, base)));
    pages.get<{ Params: { slug: string } }>('/blog/:slug', { schema: hidden }, async (request, reply) => {
      const p = c.postsBySlug.get(request.params.slug);
      if (!p) return reply.status(404).send({ detail: `No blog post '${request.params.slug}'`, code: 'not_found' });
      return sendText(reply, 'text/html; charset=utf-8', blogPostPage(p, base));
    });
    pages.get('/changelog', { schema: hidden }, async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', changelogPage(c.changelog, base)));
  });
  app.get('/sitemap.xml', { schema: hidden }, async (_request, reply) =>
    sendText(reply, 'application/xml; charset=utf-8', sitemapXml(sitemapEntries(c, base))),
  );
  app.get('/robots.txt', { schema: hidden }, async (_request, reply) =>
    sendText(
      reply,
      'text/plain; charset=utf-8',
      ['User-agent: *', 'Allow: /', 'Disallow: /api/admin/', 'Disallow: /api/auth/', 'Disallow: /api/partners/', 'Disallow: /api/ingest/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n'),
    ),
  );
  const key = indexNowKey(deps);
  if (key) {
    app.get(`/${key}.txt`, { schema: hidden }, async (_request, reply) => sendText(reply, 'text/plain; charset=utf-8', key));
  } else if (deps.config.indexNowKey) {
    deps.log.warn('INDEXNOW_KEY is not a valid IndexNow key (8-128 characters: letters, digits, -): IndexNow is off');
  }

  // ---------------- contact and deletion requests (public writes, rate limited) ----------------

  r.post(
    '/api/contact',
    {
      onRequest: publicWriteLimit(deps, 'contact'),
      schema: {
        operationId: 'contact',
        tags: ['public'],
        summary: 'Send a message to the team',
        description: 'Leave `website` empty: it is a spam trap. The operator is notified by email.',
        body: ContactBody,
        response: { 201: ContactResponse, ...errorResponses(413, 415, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await submitContact(deps, request.body, request.ip ?? null)),
  );

  r.post(
    '/api/auth/request-deletion',
    {
      onRequest: publicWriteLimit(deps, 'deletion'),
      schema: {
        operationId: 'requestDeletion',
        tags: ['public'],
        summary: 'Ask for your personal data to be erased',
        description: 'Idempotent on email: while a request for the same email is open (pending or in progress), the same request_id is returned.',
        body: DeletionRequestBody,
        response: { 200: DeletionRequestResponse, ...errorResponses(413, 415, 422, 429) },
      },
    },
    async (request) => requestDeletion(deps, request.body),
  );

  // ---------------- administration (admin session) ----------------

  await app.register(async (admin) => {
    admin.addHook('onRequest', guards.adminSession);
    const a = typed(admin);
    const adminSec = security.adminSession;
    const adminErrors = errorResponses(401, 403, 422);

    a.get(
      '/api/admin/deletion-requests',
      {
        schema: {
          operationId: 'adminListDeletionRequests',
          tags: ['admin'],
          summary: 'Data-deletion requests, newest first',
          security: adminSec,
          querystring: DeletionListQuery,
          response: { 200: DeletionRequestList, ...adminErrors },
        },
      },
      async (request) => listDeletionRequests(deps, request.query.limit, request.query.status_filter),
    );

    a.patch(
      '/api/admin/deletion-requests/:request_id',
      {
        schema: {
          operationId: 'adminUpdateDeletionRequest',
          tags: ['admin'],
          summary: 'Set the status (and notes) of a deletion request; completed erases the data',
          description:
            'completed erases, in one transaction: the partner account with that email (with all its data) and every end user whose cached calculation carries the email, through every registered eraser. The audit log records what was erased. A completed request cannot be moved to another status (409).',
          security: adminSec,
          params: DeletionParams,
          body: DeletionRequestUpdate,
          response: { 200: DeletionRequestOut, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => updateDeletionRequest(deps, request.session.subjectId, request.params.request_id, request.body),
    );

    a.delete(
      '/api/admin/deletion-requests/:request_id',
      {
        schema: {
          operationId: 'adminDeleteDeletionRequest',
          tags: ['admin'],
          summary: 'Delete a deletion-request record (the audit log keeps that it existed)',
          security: adminSec,
          params: DeletionParams,
          response: { 200: DeletedResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => deleteDeletionRequest(deps, request.session.subjectId, request.params.request_id),
    );

    a.get(
      '/api/admin/contact-messages',
      {
        schema: {
          operationId: 'adminListContactMessages',
          tags: ['admin'],
          summary: 'Contact-form messages, newest first (spam hidden unless include_spam)',
          security: adminSec,
          querystring: ContactLeadQuery,
          response: { 200: ContactLeadList, ...adminErrors },
        },
      },
      async (request) => listLeads(deps, request.query.limit, request.query.include_spam),
    );

    a.get(
      '/api/admin/incidents',
      {
        schema: {
          operationId: 'adminListIncidents',
          tags: ['admin', 'status'],
          summary: 'Incidents, newest first (status=open for unresolved ones)',
          security: adminSec,
          querystring: IncidentListQuery,
          response: { 200: IncidentList, ...adminErrors },
        },
      },
      async (request) => listIncidents(deps, request.query.limit, request.query.status),
    );

    a.post(
      '/api/admin/incidents',
      {
        schema: {
          operationId: 'adminCreateIncident',
          tags: ['admin', 'status'],
          summary: 'Open an incident (shown on the status page)',
          security: adminSec,
          body: IncidentCreate,
          response: { 201: IncidentEntry, ...errorResponses(401, 403, 413, 415, 422) },
        },
      },
      async (request, reply) => reply.status(201).send(await createIncident(deps, { adminId: request.session.subjectId }, request.body)),
    );

    a.patch(
      '/api/admin/incidents/:incident_id',
      {
        schema: {
          operationId: 'adminUpdateIncident',
          tags: ['admin', 'status'],
          summary: 'Update an incident (fields, status) and optionally post an update message',
          security: adminSec,
          params: IncidentParams,
          body: IncidentPatch,
          response: { 200: IncidentEntry, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => updateIncident(deps, { adminId: request.session.subjectId }, request.params.incident_id, request.body),
    );

    a.post(
      '/api/admin/incidents/:incident_id/resolve',
      {
        schema: {
          operationId: 'adminResolveIncident',
          tags: ['admin', 'status'],
          summary: 'Resolve an incident',
          security: adminSec,
          params: IncidentParams,
          body: Type.Optional(IncidentResolve),
          response: { 200: IncidentEntry, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) =>
        updateIncident(deps, { adminId: request.session.subjectId }, request.params.incident_id, {
          status: 'resolved',
          message: request.body?.message ?? 'This incident has been resolved.',
        }),
    );

    a.delete(
      '/api/admin/incidents/:incident_id',
      {
        schema: {
          operationId: 'adminDeleteIncident',
          tags: ['admin', 'status'],
          summary: 'Delete an incident (for mistakes; resolve real ones)',
          security: adminSec,
          params: IncidentParams,
          response: { 200: DeletedResponse, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => deleteIncident(deps, { adminId: request.session.subjectId }, request.params.incident_id),
    );

    a.get(
      '/api/admin/indexnow/status',
      {
        schema: {
          operationId: 'adminIndexNowStatus',
          tags: ['admin', 'indexnow'],
          summary: 'IndexNow configuration and recent submissions',
          security: adminSec,
          response: { 200: IndexNowStatus, ...errorResponses(401, 403) },
        },
      },
      async () => indexNowStatus(deps, sitemapEntries(c, base).length),
    );

    a.post(
      '/api/admin/indexnow/submit',
      {
        schema: {
          operationId: 'adminIndexNowSubmit',
          tags: ['admin', 'indexnow'],
          summary: 'Submit URLs of this host to IndexNow',
          description: 'One POST of {host, key, keyLocation, urlList} to INDEXNOW_ENDPOINT. 503 when INDEXNOW_KEY is not set; 502 when the endpoint refuses or cannot be reached (the attempt is recorded).',
          security: adminSec,
          body: IndexNowSubmitBody,
          response: { 200: IndexNowSubmitResult, ...errorResponses(401, 403, 413, 415, 422, 502, 503) },
        },
      },
      async (request) => submitUrls(deps, request.session.subjectId, checkUrls(deps, request.body.urls), 'submit'),
    );

    a.post(
      '/api/admin/indexnow/submit-all-sitemap',
      {
        schema: {
          operationId: 'adminIndexNowSubmitSitemap',
          tags: ['admin', 'indexnow'],
          summary: 'Submit every URL of /sitemap.xml to IndexNow',
          security: adminSec,
          response: { 200: IndexNowSubmitResult, ...errorResponses(401, 403, 502, 503) },
        },
      },
      async (request) => submitUrls(deps, request.session.subjectId, sitemapEntries(c, base).map((e) => e.loc), 'sitemap'),
    );
  });
};

let pdfCache: Promise<Buffer> | null = null;

/** The integration guide in four forms: viewer, standalone HTML, markdown, PDF (same source). */
export const publicV1Routes: Area = async (app, { form }) => {
  const c = content();
  const prefix = form === 'reference' ? '/v1' : '/api/v1';
  const viewer = guideViewer(c.guide, prefix);
  const standalone = guideStandalone(c.guide);
  const tags = ['integration guide'];
  await app.register(helmet, pageHelmet(PAGE_CSP));

  app.get(
    '/integration-guide',
    { schema: { operationId: 'integrationGuide', tags, summary: `Integration guide (${c.guide.revision}), HTML viewer with navigation`, response: { 200: body('text/html', 'HTML viewer') } } },
    async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', viewer),
  );
  app.get(
    '/integration-guide.html',
    {
      schema: {
        operationId: 'integrationGuideHtml',
        tags,
        summary: 'Integration guide as one standalone HTML file (inline styles, no external requests)',
        response: { 200: body('text/html', 'Standalone HTML') },
      },
    },
    async (_request, reply) =>
      sendText(reply.header('content-disposition', `inline; filename="svc-integration-guide-${c.guide.revision}.html"`), 'text/html; charset=utf-8', standalone),
  );
  app.get(
    '/integration-guide.md',
    { schema: { operationId: 'integrationGuideMarkdown', tags, summary: 'Integration guide source (markdown)', response: { 200: body('text/markdown', 'Markdown') } } },
    async (_request, reply) => sendText(reply, 'text/markdown; charset=utf-8', c.guide.markdown),
  );
  app.get(
    '/integration-guide.pdf',
    {
      schema: {
        operationId: 'integrationGuidePdf',
        tags,
        summary: 'Integration guide as PDF (generated from the same markdown)',
        response: { 200: body('application/pdf', 'PDF', 'binary') },
      },
    },
    async (_request, reply) => {
      if (!pdfCache) pdfCache = guidePdf(c.guide);
      const pdf = await pdfCache;
      return sendText(reply.header('content-disposition', `inline; filename="svc-integration-guide-${c.guide.revision}.pdf"`), 'application/pdf', pdf);
    },
  );
};

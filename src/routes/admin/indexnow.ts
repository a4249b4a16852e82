/** IndexNow: /api/admin/indexnow/status, /api/admin/indexnow/submit, /api/admin/indexnow/submit-all-sitemap. */
import { errorResponses, security } from '../../http/schemas.js';
import { sitemapEntries } from '../../areas/content/blog.js';
import { content } from '../../areas/content/content.js';
import { checkUrls, indexNowStatus, submitUrls } from '../../areas/indexnow/service.js';
import { IndexNowStatus, IndexNowSubmitBody, IndexNowSubmitResult } from '../../areas/indexnow/schemas.js';
import { typed, type Routes } from '../scope.js';

export const indexNowRoutes: Routes = async (app, { deps }) => {
  const c = content();
  const site = deps.publicUrl;
  const a = typed(app);
  const adminSec = security.adminSession;

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
    async () => indexNowStatus(deps, sitemapEntries(c, site.base).length),
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
    async (request) => submitUrls(deps, request.session.subjectId, sitemapEntries(c, site.base).map((e) => e.loc), 'sitemap'),
  );
};

/** The integration guide in four forms: viewer, standalone HTML, markdown, PDF (same source); also under /v1. */
import helmet from '@fastify/helmet';
import { pageHelmet } from '../../http/security-headers.js';
import { content } from '../../areas/content/content.js';
import { guidePdf, guideStandalone, guideViewer, PAGE_CSP } from '../../areas/content/pages.js';
import type { Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';
import { body, sendText } from './send.js';

let pdfCache: Promise<Buffer> | null = null;

export const integrationGuideRoutes: Routes<V1Options> = async (app, { form, v1 }) => {
  const c = content();
  const prefix = form === 'reference' ? '/v1' : '/api/v1';
  const viewer = guideViewer(c.guide, prefix);
  const standalone = guideStandalone(c.guide);
  const tags = ['integration guide'];
  await app.register(helmet, pageHelmet(PAGE_CSP));

  app.get(
    v1('/api/v1/integration-guide'),
    { schema: { operationId: 'integrationGuide', tags, summary: `Integration guide (${c.guide.revision}), HTML viewer with navigation`, response: { 200: body('text/html', 'HTML viewer') } } },
    async (_request, reply) => sendText(reply, 'text/html; charset=utf-8', viewer),
  );
  app.get(
    v1('/api/v1/integration-guide.html'),
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
    v1('/api/v1/integration-guide.md'),
    { schema: { operationId: 'integrationGuideMarkdown', tags, summary: 'Integration guide source (markdown)', response: { 200: body('text/markdown', 'Markdown') } } },
    async (_request, reply) => sendText(reply, 'text/markdown; charset=utf-8', c.guide.markdown),
  );
  app.get(
    v1('/api/v1/integration-guide.pdf'),
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

/** The OpenAPI document (/api/openapi.json) and its viewer (/api/docs), both hidden from the document itself. */
import helmet from '@fastify/helmet';
import swaggerUi from '@fastify/swagger-ui';
import { pageHelmet } from '../../http/security-headers.js';
import type { Routes } from '../scope.js';

export const apiDocsRoutes: Routes = async (app, { deps }) => {
  // The docs page loads its scripts and styles from /api/docs/static and the document from /api/docs/json;
  // "Try it out" calls the servers listed in the document.
  await app.register(async (docs) => {
    await docs.register(
      helmet,
      pageHelmet({
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        // PUBLIC_BASE_URL's origin when it is set; without it the service is the page's own origin ('self').
        'connect-src': ["'self'", ...(deps.config.publicBaseUrl ? [new URL(deps.config.publicBaseUrl).origin] : [])],
      }),
    );
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

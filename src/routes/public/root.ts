/** GET /api/: the service index (no authentication). */
import { Type } from 'typebox';
import { API_VERSION, SERVICE_VERSION } from '../../version.js';
import { typed, type Routes } from '../scope.js';

export const rootRoutes: Routes = async (app) => {
  typed(app).get(
    // SPEC.md's /api/; declared without the slash as the document lists it (both answer: ignoreTrailingSlash).
    '/api',
    {
      schema: {
        operationId: 'root',
        tags: ['system'],
        summary: 'Service index',
        response: {
          200: Type.Object(
            {
              service: Type.String(),
              version: Type.String({ description: 'Version of this OpenAPI document' }),
              service_version: Type.String({ description: 'Release of the service (changelog)' }),
              docs: Type.String(),
              openapi: Type.String(),
              health: Type.String(),
              guide: Type.String(),
            },
            { title: 'ServiceIndex', additionalProperties: true },
          ),
        },
      },
    },
    async () => ({
      service: 'svc partner API',
      version: API_VERSION,
      service_version: SERVICE_VERSION,
      docs: '/api/docs',
      openapi: '/api/openapi.json',
      health: '/api/v1/health',
      guide: '/api/v1/integration-guide',
    }),
  );
};

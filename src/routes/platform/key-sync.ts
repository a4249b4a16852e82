/** Server-to-server key administration: /api/v1/admin/keys/*, /api/v1/admin/partners/by-email/{email} (no /v1 form). */
import { errorResponses, security } from '../../http/schemas.js';
import * as keys from '../../areas/api-keys/service.js';
import * as S from '../../areas/accounts/schemas.js';
import { serverActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

export const keySyncRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const TAG = ['server-to-server'];

  r.post(
    '/api/v1/admin/keys/sync',
    {
      schema: {
        operationId: 'syncKey',
        tags: TAG,
        summary: 'Upsert one key into a partner slot, creating the partner when none matches',
        description: 'Matches partner_id first, then partner_email (case-insensitive); otherwise partner_email and partner_company_name create a production-enabled partner. 409 when the key belongs to another slot.',
        security: security.platformSecret,
        body: S.KeySyncBody,
        response: { 201: S.KeySyncResult, ...errorResponses(401, 404, 409, 413, 422, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await keys.syncKey(deps, serverActor, request.body, 'external-sync')),
  );

  r.post(
    '/api/v1/admin/keys/bulk-sync',
    {
      schema: {
        operationId: 'bulkSyncKeys',
        tags: TAG,
        summary: '1 to 500 key syncs, all or nothing in one transaction',
        description: 'A failing item fails the batch (nothing kept); the error names it in `index` (409/404) or in the 422 `loc`.',
        security: security.platformSecret,
        body: S.KeySyncBatchBody,
        response: { 200: S.KeySyncBatchResult, ...errorResponses(401, 404, 409, 413, 422, 503) },
      },
    },
    async (request) => keys.bulkSync(deps, serverActor, request.body.keys),
  );

  r.delete(
    '/api/v1/admin/keys/:key_value',
    {
      schema: {
        operationId: 'deleteKeyByValue',
        tags: TAG,
        summary: 'Remove a key, by its value, from the partner that holds it (slot blank, record kept)',
        security: security.platformSecret,
        params: S.KeyValuePath,
        response: { 200: S.KeyDeleteResult, ...errorResponses(401, 404, 422, 503) },
      },
    },
    async (request) => keys.deleteKeyByValue(deps, serverActor, request.params.key_value),
  );

  r.put(
    '/api/v1/admin/partners/by-email/:email',
    {
      schema: {
        operationId: 'updatePartnerByEmail',
        tags: TAG,
        summary: "Update a partner's company and contact names, found by email (case-insensitive)",
        security: security.platformSecret,
        params: S.EmailPath,
        body: S.PartnerMetadataUpdateBody,
        response: { 200: S.PartnerMetadataUpdateResult, ...errorResponses(401, 404, 413, 422, 503) },
      },
    },
    async (request) => keys.updateMetadataByEmail(deps, serverActor, request.params.email, request.body),
  );
};

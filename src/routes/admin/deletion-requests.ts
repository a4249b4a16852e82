/** Data-deletion requests: /api/admin/deletion-requests[/{request_id}]. */
import { DeletedResponse, errorResponses, security } from '../../http/schemas.js';
import { deleteDeletionRequest, listDeletionRequests, updateDeletionRequest } from '../../areas/deletion-requests/service.js';
import { DeletionListQuery, DeletionParams, DeletionRequestList, DeletionRequestOut, DeletionRequestUpdate } from '../../areas/deletion-requests/schemas.js';
import { typed, type Routes } from '../scope.js';

export const deletionRequestRoutes: Routes = async (app, { deps }) => {
  const a = typed(app);
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
          'completed erases, in one transaction: the partner account with that email (with all its data) and every end user whose cached calculation carries the email, through every registered eraser. The audit log records what was erased. A completed request cannot be moved to another status (409). `request_id` may also be one of its `receipt_ids` (the id a repeat of the request was answered with).',
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
        description: '`request_id` may also be one of its `receipt_ids`.',
        security: adminSec,
        params: DeletionParams,
        response: { 200: DeletedResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => deleteDeletionRequest(deps, request.session.subjectId, request.params.request_id),
  );
};

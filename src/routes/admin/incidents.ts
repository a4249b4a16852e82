/** Incidents shown on the status page: /api/admin/incidents[/{incident_id}[/resolve]]. */
import { Type } from 'typebox';
import { DeletedResponse, errorResponses, security } from '../../http/schemas.js';
import { IncidentCreate, IncidentEntry, IncidentList, IncidentListQuery, IncidentParams, IncidentPatch, IncidentResolve } from '../../areas/status/schemas.js';
import { createIncident, deleteIncident, listIncidents, updateIncident } from '../../areas/status/service.js';
import { typed, type Routes } from '../scope.js';

export const incidentRoutes: Routes = async (app, { deps }) => {
  const a = typed(app);
  const adminSec = security.adminSession;
  const adminErrors = errorResponses(401, 403, 422);

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
};

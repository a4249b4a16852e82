/** Public writes, limited per client address: POST /api/contact, POST /api/auth/request-deletion. */
import { errorResponses } from '../../http/schemas.js';
import { requestDeletion } from '../../areas/deletion-requests/service.js';
import { submitContact } from '../../areas/contact/service.js';
import { ContactBody, ContactResponse } from '../../areas/contact/schemas.js';
import { DeletionRequestBody, DeletionRequestResponse } from '../../areas/deletion-requests/schemas.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

export const requestRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

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
        description:
          'Idempotent on email: while a request for the same email is open (pending or in progress), sending it again adds to that request and changes nothing else. ' +
          'Every answer carries a new request_id (the first is the request\'s own id; a repeat\'s names the same request), so an answer never tells whether, or when, the address was sent before.',
        body: DeletionRequestBody,
        response: { 200: DeletionRequestResponse, ...errorResponses(413, 415, 422, 429) },
      },
    },
    async (request) => requestDeletion(deps, request.body),
  );
};

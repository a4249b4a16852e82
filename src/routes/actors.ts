/** Who the audit log records for a request, by the scope that authenticated it. */
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../areas/accounts/common.js';

export const adminActor = (request: FastifyRequest): Actor => ({ type: 'admin', id: request.session.subjectId });
export const partnerActor = (request: FastifyRequest): Actor => ({ type: 'partner', id: request.partner.id });
export const serverActor: Actor = { type: 'server', id: null };

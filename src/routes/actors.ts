/** Who the audit log records for a request, by the scope that authenticated it. */
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../areas/accounts/common.js';

export const adminActor = (request: FastifyRequest): Actor => ({ type: 'admin', id: request.session.subjectId });
/** A partner's request: the member who signed in when there is one (a session), else the partner (its API key, or a key-opened session). */
export const partnerActor = (request: FastifyRequest): Actor =>
  request.member ? { type: 'member', id: request.member.id, email: request.member.email, partnerId: request.partner.id } : { type: 'partner', id: request.partner.id };
export const serverActor: Actor = { type: 'server', id: null };

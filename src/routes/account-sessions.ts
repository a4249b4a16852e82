/**
 * The signed-in account's sessions, one set of operations per role (the portal and admin scopes each
 * register theirs): /api/auth/{partner|admin}/sessions[/{session_id}|/revoke-others].
 */
import { errorResponses, security } from '../http/schemas.js';
import * as S from '../areas/accounts/schemas.js';
import * as sessions from '../areas/accounts/sessions.js';
import { typed, type Routes } from './scope.js';

const AUTH_TAG = ['auth'];

const ROLE = {
  partner: {
    name: 'partner',
    op: 'Partner',
    security: security.partnerSession,
    listed: ' A session opened with an API key is listed while its key slot still holds that key.',
  },
  admin: { name: 'administrator', op: 'Admin', security: security.adminSession, listed: '' },
} as const;

export function accountSessionRoutes(role: 'partner' | 'admin'): Routes {
  const who = ROLE[role];
  const base = `/api/auth/${role}/sessions`;
  return async (app, { deps }) => {
    const r = typed(app);

    r.get(
      base,
      {
        schema: {
          operationId: `list${who.op}Sessions`,
          tags: AUTH_TAG,
          summary: `The signed-in ${who.name}'s live sessions, newest first`,
          description:
            'Every unexpired session of the account (at most 20: opening one more ends the oldest), with how it was opened, when it was last used ' +
            '(recorded at most once a minute), the client address and User-Agent that opened it, and `current` for the session making this request. ' +
            `Never a token.${who.listed}`,
          security: who.security,
          response: { 200: S.SessionList, ...errorResponses(401, 403) },
        },
      },
      async (request) => sessions.listSessions(deps, request.session),
    );

    r.delete(
      `${base}/:session_id`,
      {
        schema: {
          operationId: `revoke${who.op}Session`,
          tags: AUTH_TAG,
          summary: 'End one of your sessions',
          description:
            'The session stops working at once. 404 `not_found` when the id is not one of this account\'s live sessions. ' +
            'Ending the current session signs out (the cookie is cleared).',
          security: who.security,
          params: S.SessionIdPath,
          response: { 200: S.SessionRevoked, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const out = await sessions.revokeSession(deps, request.session, request.params.session_id);
        if (out.current) sessions.clearSessionCookie(deps, reply);
        return out;
      },
    );

    r.post(
      `${base}/revoke-others`,
      {
        schema: {
          operationId: `revokeOther${who.op}Sessions`,
          tags: AUTH_TAG,
          summary: 'End every session of yours but this one',
          description: 'Answers how many sessions ended; the session making the request stays signed in.',
          security: who.security,
          response: { 200: S.OtherSessionsRevoked, ...errorResponses(401, 403) },
        },
      },
      async (request) => sessions.revokeOtherSessions(deps, request.session),
    );
  };
}

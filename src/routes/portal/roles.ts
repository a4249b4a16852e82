/**
 * The portal's one role check: every route of the partner-session scope takes the least role of the permission table
 * (src/areas/members/permissions.ts), checked in one onRequest hook right after the session guard (before the body is
 * read or validated). A route the table does not name stops the app from starting.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errors } from '../../http/errors.js';
import { neededRole, permissionKey, refusal, roleAtLeast } from '../../areas/members/permissions.js';

export function requireRoleRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (neededRole(m, route.url) === undefined) {
        throw new Error(`${permissionKey(m, route.url)}: every portal route needs its least role in src/areas/members/permissions.ts`);
      }
    }
  });
}

/** 403 `role_forbidden` when the session's role is below the route's. */
export async function checkRole(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const needed = neededRole(request.method, request.routeOptions.url ?? '');
  // Unreachable for a registered route (requireRoleRules); a 404 has no routeOptions.url and reaches no handler.
  if (needed === undefined) return;
  if (!roleAtLeast(request.memberRole, needed)) throw errors.roleForbidden(refusal(needed, request.memberRole));
}

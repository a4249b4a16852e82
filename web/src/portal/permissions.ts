/**
 * What the signed-in member's role lets the portal offer. The server checks every operation again
 * (403 role_forbidden); the portal shows a control the role may not use disabled, naming the role it needs.
 *
 * The role a control needs comes from OPERATION_ROLES (./operation-roles.ts), the server's permission table for
 * every session operation the portal calls.
 */
import type { PartnerMe } from '../api/client';
import { OPERATION_ROLES, type PortalOperation } from './operation-roles';
import { useMe } from './session';

export type Role = PartnerMe['role'];

/** Least to most: each role may do what the ones before it may. */
export const ROLES: readonly Role[] = ['viewer', 'developer', 'admin', 'owner'];

export type { Operation, PortalOperation } from './operation-roles';

/** The least role that may call `operation`. */
export function neededFor(operation: PortalOperation): Role {
  return OPERATION_ROLES[operation];
}

/** Whether `role` is at least `needed`. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The role this session acts with (a session opened by pasting a key acts as a developer). */
export function useRole(): Role {
  return useMe().role;
}

/** Whether the signed-in member may call `operation`. */
export function useMayCall(operation: PortalOperation): boolean {
  return roleAtLeast(useRole(), neededFor(operation));
}

/**
 * What a role that limits the portal may not do, said once at the top of each page: a disabled control's title alone
 * is lost on touch and keyboard users (a disabled button takes no focus) and on most screen readers. The owner may
 * do everything and sees no note.
 */
export const ROLE_NOTES: Readonly<Record<Role, string | null>> = {
  viewer: 'You are a viewer: you can read everything; controls that change something need the developer role and are shown disabled.',
  developer: 'You are a developer: you can manage keys and webhooks; controls for members and the ingest secret need the admin role and are shown disabled.',
  admin: 'You are an admin: the owner’s controls (ownership, the sign-in rule, the owner’s membership) need the owner role and are shown disabled.',
  owner: null,
};

/** The hint of a control the role may not use. */
export function needsRole(needed: Role): string {
  return `Needs the ${needed} role`;
}

/**
 * The props of a control that needs `needed`: disabled, with the hint as its title, when `role` falls short (the
 * role first: no other state of the page would let it act); otherwise `why`, when given, disables it for another
 * reason in its own words. `<Button {...allowedFor(role, 'admin')}>`.
 */
export function allowedFor(role: Role, needed: Role, why?: string): { disabled?: boolean; title?: string } {
  if (!roleAtLeast(role, needed)) return { disabled: true, title: needsRole(needed) };
  return why ? { disabled: true, title: why } : {};
}

/** The props of a control that calls `operation`: `<Button {...allowedTo(role, 'POST /api/partners/me/webhooks/test')}>`. */
export function allowedTo(role: Role, operation: PortalOperation, why?: string): { disabled?: boolean; title?: string } {
  return allowedFor(role, neededFor(operation), why);
}

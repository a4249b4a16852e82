/**
 * What the signed-in member's role lets the portal offer. The server checks every operation again
 * (403 role_forbidden); the portal shows a control the role may not use disabled, naming the role it needs.
 */
import type { PartnerMe } from '../api/client';
import { useMe } from './session';

export type Role = PartnerMe['role'];

/** Least to most: each role may do what the ones before it may. */
export const ROLES: readonly Role[] = ['viewer', 'developer', 'admin', 'owner'];

/** Whether `role` is at least `needed`. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The role this session acts with (a session opened by pasting a key acts as a developer). */
export function useRole(): Role {
  return useMe().role;
}

/** Whether the signed-in member's role is at least `needed`. */
export function useCan(needed: Role): boolean {
  return roleAtLeast(useRole(), needed);
}

/** The hint of a control the role may not use. */
export function needsRole(needed: Role): string {
  return `Needs the ${needed} role`;
}

/**
 * The props of a control that needs `needed`: disabled, with the hint as its title, when `role` falls short;
 * `why`, when given, disables it for another reason in its own words. `<Button {...allowedFor(role, 'admin')}>`.
 */
export function allowedFor(role: Role, needed: Role, why?: string): { disabled?: boolean; title?: string } {
  if (why) return { disabled: true, title: why };
  return roleAtLeast(role, needed) ? {} : { disabled: true, title: needsRole(needed) };
}

/** Partners: the list, a partner, its usage, and the administrator's actions on it (keys, access, demo data, deletion). */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapOrNull, type Environment } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';
import { invalidateAudit } from './audit';
import { usageKeys } from './usage';

export interface PartnerFilters {
  q: string;
  cursor: string | null;
}
export type AccessAction = 'suspend' | 'activate' | 'enable-production' | 'disable-production';

export const partnerKeys = {
  all: ['partners'] as const,
  /** Every page of every search of the list. */
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (filters: PartnerFilters) => [...partnerKeys.lists(), filters] as const,
  detail: (id: string) => [...partnerKeys.all, 'detail', id] as const,
  /** Every window of one partner's usage. */
  usage: (id: string) => [...partnerKeys.all, 'usage', id] as const,
  usageWindow: (id: string, days: number, env: Environment) => [...partnerKeys.usage(id), days, env] as const,
};

export function usePartners(filters: PartnerFilters, limit: number) {
  const { q, cursor } = filters;
  return useQuery({
    queryKey: partnerKeys.list(filters),
    queryFn: () => unwrap(api.GET('/api/admin/partners', { params: { query: { limit, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } } })),
  });
}

/** The partner, or null when there is none (404). */
export const partnerQuery = (id: string) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: () => unwrapOrNull(api.GET('/api/admin/partners/{partner_id}', { params: { path: { partner_id: id } } })),
  });

export function usePartner(id: string) {
  return useQuery(partnerQuery(id));
}

/** A partner's usage events over a window: its page starts this query with the partner's, not once that has answered. */
export const partnerUsageQuery = (id: string, days: number, env: Environment) =>
  queryOptions({
    queryKey: partnerKeys.usageWindow(id, days, env),
    queryFn: () => unwrap(api.GET('/api/admin/partners/{partner_id}/usage', { params: { path: { partner_id: id }, query: { days, environment: env } } })),
  });

export function usePartnerUsage(id: string, days: number, env: Environment) {
  return useQuery(partnerUsageQuery(id, days, env));
}

/** After a key slot of the partner changed: its page shows the slots, and the audit log has the action. */
const keysChanged = (id: string) => (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: partnerKeys.detail(id) });
  invalidateAudit(client);
};

const regenerateKey = (id: string, environment: Environment, overlapSeconds: number) =>
  unwrap(api.POST('/api/admin/partners/{partner_id}/regenerate-key', { params: { path: { partner_id: id }, query: { environment, overlap_seconds: overlapSeconds } } }));
/** A new key in the slot; the replaced key keeps working for `overlapSeconds` (0, a leaked key: it stops at once). */
export function useRegenerateKey(id: string, env: Environment, options?: OptionsOf<(overlapSeconds: number) => ReturnType<typeof regenerateKey>>) {
  return useApiMutation((overlapSeconds: number) => regenerateKey(id, env, overlapSeconds), keysChanged(id), options);
}

const clearKey = (id: string, environment: Environment) => unwrap(api.POST('/api/admin/partners/{partner_id}/clear-key', { params: { path: { partner_id: id }, query: { environment } } }));
export function useClearKey(id: string, env: Environment, options?: OptionsOf<() => ReturnType<typeof clearKey>>) {
  return useApiMutation(() => clearKey(id, env), keysChanged(id), options);
}

/** Suspension and production access: each its own operation. */
function changeAccess(id: string, action: AccessAction) {
  const path = { params: { path: { partner_id: id } } };
  switch (action) {
    case 'suspend':
      return unwrap(api.POST('/api/admin/partners/{partner_id}/suspend', path));
    case 'activate':
      return unwrap(api.POST('/api/admin/partners/{partner_id}/activate', path));
    default:
      return unwrap(api.POST('/api/admin/partners/{partner_id}/production-access', { ...path, body: { enabled: action === 'enable-production' } }));
  }
}
/** The list shows each partner's access too. */
export function useChangeAccess(id: string, options?: OptionsOf<(action: AccessAction) => ReturnType<typeof changeAccess>>) {
  return useApiMutation(
    (action: AccessAction) => changeAccess(id, action),
    (client) => {
      void client.invalidateQueries({ queryKey: partnerKeys.detail(id) });
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
      invalidateAudit(client);
    },
    options,
  );
}

const seedDemo = (id: string, days: number) => unwrap(api.POST('/api/admin/partners/{partner_id}/seed-demo', { params: { path: { partner_id: id }, query: { days } } }));
/** The partner's charts show the new events; the platform's usage counts them too. */
export function useSeedDemo(id: string, options?: OptionsOf<(days: number) => ReturnType<typeof seedDemo>>) {
  return useApiMutation(
    (days: number) => seedDemo(id, days),
    (client) => {
      void client.invalidateQueries({ queryKey: partnerKeys.usage(id) });
      void client.invalidateQueries({ queryKey: usageKeys.all });
      invalidateAudit(client);
    },
    options,
  );
}

const deletePartner = (id: string) => unwrap(api.DELETE('/api/admin/partners/{partner_id}', { params: { path: { partner_id: id } } }));
export function useDeletePartner(id: string, options?: OptionsOf<() => ReturnType<typeof deletePartner>>) {
  return useApiMutation(
    () => deletePartner(id),
    (client) => {
      // Known gone: asking again would only fetch a 404 while the page unmounts.
      client.setQueryData(partnerKeys.detail(id), null);
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
    },
    options,
  );
}

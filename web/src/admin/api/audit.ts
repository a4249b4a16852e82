/** The audit log: the Audit log page's filtered pages, and a partner's recent entries on its page. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { AuditFilters } from '../AuditTable';

/** How many entries a partner's page shows. */
export const AUDIT_RECENT = 20;

export const auditKeys = {
  all: ['audit'] as const,
  log: (filters: AuditFilters, cursor: string | null) => [...auditKeys.all, 'log', filters, cursor] as const,
  partner: (id: string) => [...auditKeys.all, 'partner', id] as const,
};

export function useAuditLog(filters: AuditFilters, cursor: string | undefined, limit: number) {
  return useQuery({
    queryKey: auditKeys.log(filters, cursor ?? null),
    queryFn: () => unwrap(api.GET('/api/admin/audit-log', { params: { query: { limit, ...filters, ...(cursor ? { cursor } : {}) } } })),
  });
}

/** A partner's recent entries: its page starts this query with the partner's, not once that has answered. */
export const partnerAuditQuery = (id: string) =>
  queryOptions({
    queryKey: auditKeys.partner(id),
    queryFn: () => unwrap(api.GET('/api/admin/audit-log', { params: { query: { target_id: id, limit: AUDIT_RECENT } } })),
  });

export function usePartnerAudit(id: string) {
  return useQuery(partnerAuditQuery(id));
}

/** After an action of an administrator: its entry is new, on the Audit log page and on the partner's page. */
export function invalidateAudit(client: QueryClient) {
  void client.invalidateQueries({ queryKey: auditKeys.all });
}

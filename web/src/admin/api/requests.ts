/** A partner's request log on its page in the console. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Environment } from '../../api/client';

export const partnerRequestKeys = {
  all: ['partner-requests'] as const,
  list: (partnerId: string, env: Environment, status: string | null, cursor: string | null) => [...partnerRequestKeys.all, partnerId, env, status, cursor] as const,
};

export const PARTNER_REQUEST_PAGE = 20;

export function usePartnerRequests(partnerId: string, env: Environment, status: string | null, cursor: string | undefined) {
  return useQuery({
    queryKey: partnerRequestKeys.list(partnerId, env, status, cursor ?? null),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/partners/{partner_id}/requests', {
          params: { path: { partner_id: partnerId }, query: { environment: env, limit: PARTNER_REQUEST_PAGE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
  });
}

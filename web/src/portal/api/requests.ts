/** The request log: the Logs page's filtered pages and one request's details (session forms of GET /api/v1/requests). */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Environment } from '../../api/client';

/** The filters, as the address holds them. */
export interface RequestFilters {
  status?: string;
  path?: string;
  since?: string;
  until?: string;
  request_id?: string;
}

export const requestKeys = {
  all: ['requests'] as const,
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (env: Environment, filters: RequestFilters, cursor: string | null) => [...requestKeys.lists(), env, filters, cursor] as const,
  detail: (env: Environment, id: string) => [...requestKeys.all, 'detail', env, id] as const,
};

export const REQUEST_PAGE = 50;

export function useRequestLog(env: Environment, filters: RequestFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: requestKeys.list(env, filters, cursor ?? null),
    queryFn: () =>
      unwrap(api.GET('/api/partners/me/requests', { params: { query: { environment: env, limit: REQUEST_PAGE, ...filters, ...(cursor ? { cursor } : {}) } } })),
  });
}

export function useRequest(env: Environment, id: string) {
  return useQuery({
    queryKey: requestKeys.detail(env, id),
    queryFn: () => unwrap(api.GET('/api/partners/me/requests/{request_id}', { params: { path: { request_id: id }, query: { environment: env } } })),
    retry: false,
  });
}

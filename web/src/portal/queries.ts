import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Environment } from '../api/client';

export const KEYS = ['api-keys'] as const;

/** The partner's key slots that hold a key (a blank slot is absent). */
export function useApiKeys() {
  return useQuery({ queryKey: KEYS, queryFn: () => unwrap(api.GET('/api/partners/me/api-keys')) });
}

/** This month's figures and the last 30 days of calls, in one environment. */
export function useCalls(environment: Environment) {
  return useQuery({
    queryKey: ['calls', environment],
    queryFn: () => unwrap(api.GET('/api/partners/me/usage/calls', { params: { query: { environment, days: 30 } } })),
  });
}

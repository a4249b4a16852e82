/** The partner's usage: metered calls, the usage-event dashboards, and the alert thresholds. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type Answer, type Environment } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';

export type Alerts = Answer<'/api/partners/me/usage/alerts', 'get'>;
export type AlertsChange = Parameters<typeof saveAlerts>[1];

export const usageKeys = {
  all: ['usage'] as const,
  calls: (env: Environment) => [...usageKeys.all, 'calls', env] as const,
  events: (env: Environment, days: number) => [...usageKeys.all, 'events', env, days] as const,
  alerts: (env: Environment) => [...usageKeys.all, 'alerts', env] as const,
};

/** This month's figures and the last 30 days of calls, in one environment. */
export const callsQuery = (env: Environment) =>
  queryOptions({
    queryKey: usageKeys.calls(env),
    queryFn: () => unwrap(api.GET('/api/partners/me/usage/calls', { params: { query: { environment: env, days: 30 } } })),
  });

export function useCalls(env: Environment) {
  return useQuery(callsQuery(env));
}

/** The usage events the partner's servers sent, over a window of days. */
export const eventsQuery = (env: Environment, days: number) =>
  queryOptions({
    queryKey: usageKeys.events(env, days),
    queryFn: () => unwrap(api.GET('/api/partners/me/usage', { params: { query: { environment: env, days } } })),
  });

export function useUsageEvents(env: Environment, days: number) {
  return useQuery(eventsQuery(env, days));
}

export const alertsQuery = (env: Environment) =>
  queryOptions({
    queryKey: usageKeys.alerts(env),
    queryFn: () => unwrap(api.GET('/api/partners/me/usage/alerts', { params: { query: { environment: env } } })),
  });

export function useAlerts(env: Environment) {
  return useQuery(alertsQuery(env));
}

function saveAlerts(environment: Environment, body: { calls_threshold: number | null; unique_users_threshold: number | null; bill_threshold_usd: number | null; notify_email: string | null }) {
  return unwrap(api.PUT('/api/partners/me/usage/alerts', { params: { query: { environment } }, body }));
}
/** The answer is the saved thresholds: it replaces the cached ones. */
export function useSaveAlerts(env: Environment, options?: OptionsOf<(body: AlertsChange) => ReturnType<typeof saveAlerts>>) {
  return useApiMutation((body: AlertsChange) => saveAlerts(env, body), (client, saved) => client.setQueryData(usageKeys.alerts(env), saved), options);
}

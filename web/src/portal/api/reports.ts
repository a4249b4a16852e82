/**
 * The partner's CSV reports, asked for with the session cookie: each hook saves the file only when
 * the answer is the file (useDownload), never an error's body.
 */
import { api, unwrapFile, type Environment } from '../../api/client';
import { useDownload } from '../../shared';

/** An empty optional choice is left out of the query (an empty `since=` would be a bad date). */
const given = <T extends Record<string, string>>(query: T) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) as Partial<T>;

export interface DayRange {
  since: string;
  until: string;
}

export function useUsageCsv(env: Environment, months: number) {
  return useDownload(() => unwrapFile(api.GET('/api/partners/me/reports/usage.csv', { params: { query: { environment: env, months } }, parseAs: 'blob' })), 'usage.csv');
}

export function useCalculationsCsv(env: Environment, range: DayRange) {
  return useDownload(
    () => unwrapFile(api.GET('/api/partners/me/reports/calculations.csv', { params: { query: { environment: env, ...given({ since: range.since, until: range.until }) } }, parseAs: 'blob' })),
    'calculations.csv',
  );
}

export function useWebhooksCsv(env: Environment, range: DayRange, status: '' | 'delivered' | 'failed') {
  return useDownload(
    () =>
      unwrapFile(
        api.GET('/api/partners/me/reports/webhooks.csv', {
          params: { query: { environment: env, ...given({ since: range.since, until: range.until }), ...(status ? { status } : {}) } },
          parseAs: 'blob',
        }),
      ),
    'webhooks.csv',
  );
}

export function useUsageEventsCsv(env: Environment, format: 'summary' | 'events', days: number) {
  return useDownload(() => unwrapFile(api.GET('/api/partners/me/usage/export', { params: { query: { environment: env, format, days } }, parseAs: 'blob' })), 'usage-events.csv');
}

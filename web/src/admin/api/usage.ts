/** The platform's usage events (the Usage page, and a partner's on its page), and their CSV export. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapFile, type Environment } from '../../api/client';
import { useDownload } from '../../shared';

export type ExportFormat = 'partners' | 'summary' | 'events';

export const usageKeys = {
  all: ['usage'] as const,
  platform: (days: number, env: Environment) => [...usageKeys.all, 'platform', days, env] as const,
};

export function usePlatformUsage(days: number, env: Environment) {
  return useQuery({ queryKey: usageKeys.platform(days, env), queryFn: () => unwrap(api.GET('/api/admin/usage', { params: { query: { days, environment: env } } })) });
}

/** GET /api/admin/usage/export, saved only when the answer is the file. */
export function useUsageCsv(format: ExportFormat, days: number, env: Environment, partnerId?: string) {
  return useDownload(
    () =>
      unwrapFile(
        api.GET('/api/admin/usage/export', {
          params: { query: { format, days, environment: env, ...(partnerId ? { partner_id: partnerId } : {}) } },
          parseAs: 'blob',
        }),
      ),
    `usage-${format}.csv`,
  );
}


import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/** Days of the current UTC month so far, today included: the usage window of "this month". */
export function daysThisMonth(now = new Date()): number {
  return now.getUTCDate();
}

/** This month's usage of every partner (production and platform events), by partner id. */
export function useMonthUsage() {
  const days = daysThisMonth();
  return useQuery({
    queryKey: ['admin-usage-month', days],
    queryFn: async () => {
      const u = await unwrap(api.GET('/api/admin/usage', { params: { query: { days, environment: 'live' } } }));
      return new Map(u.partners.map((p) => [p.partner_id, p]));
    },
  });
}

/** The public status (GET /api/platform/status, no credential), followed while the page is open. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** How often the page asks for the status again. */
export const REFRESH_MS = 60_000;

export const statusKeys = {
  all: ['platform-status'] as const,
};

export function usePlatformStatus() {
  return useQuery({ queryKey: statusKeys.all, queryFn: () => unwrap(api.GET('/api/platform/status')), refetchInterval: REFRESH_MS });
}

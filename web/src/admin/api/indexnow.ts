/** IndexNow: its configuration and recent submissions, and the administrator's submissions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const indexNowKeys = {
  all: ['indexnow'] as const,
};

export function useIndexNowStatus() {
  return useQuery({ queryKey: indexNowKeys.all, queryFn: () => unwrap(api.GET('/api/admin/indexnow/status')) });
}

/** A submission is recorded whether it was accepted or refused: the recent list is asked again either way. */
function useSubmission<TData, TVars>(call: (vars: TVars) => Promise<TData>) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({ mutationFn: call, onSettled: () => void client.invalidateQueries({ queryKey: indexNowKeys.all }) });
}

export function useSubmitUrl() {
  return useSubmission((url: string) => unwrap(api.POST('/api/admin/indexnow/submit', { body: { urls: [url] } })));
}

const submitSitemap = () => unwrap(api.POST('/api/admin/indexnow/submit-all-sitemap'));
export function useSubmitSitemap() {
  return useSubmission<Awaited<ReturnType<typeof submitSitemap>>, void>(submitSitemap);
}

/** Data-deletion requests: the list (filtered by status), a request's status and notes, and its removal. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type DeletionStatus } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';

/** How many requests the page lists. */
const LIMIT = 200;

export const deletionRequestKeys = {
  all: ['deletion-requests'] as const,
  list: (status: DeletionStatus | null) => [...deletionRequestKeys.all, status] as const,
};

const refresh = (client: QueryClient) => void client.invalidateQueries({ queryKey: deletionRequestKeys.all });

export function useDeletionRequests(status: DeletionStatus | null) {
  return useQuery({
    queryKey: deletionRequestKeys.list(status),
    queryFn: () => unwrap(api.GET('/api/admin/deletion-requests', { params: { query: { limit: LIMIT, ...(status ? { status_filter: status } : {}) } } })),
  });
}

const changeRequest = (id: string, body: { status: DeletionStatus; notes: string | null }) =>
  unwrap(api.PATCH('/api/admin/deletion-requests/{request_id}', { params: { path: { request_id: id } }, body }));
export function useChangeDeletionRequest(id: string, options?: OptionsOf<(body: { status: DeletionStatus; notes: string | null }) => ReturnType<typeof changeRequest>>) {
  return useApiMutation((body: { status: DeletionStatus; notes: string | null }) => changeRequest(id, body), refresh, options);
}

const deleteRequest = (id: string) => unwrap(api.DELETE('/api/admin/deletion-requests/{request_id}', { params: { path: { request_id: id } } }));
export function useDeleteDeletionRequest(options?: OptionsOf<typeof deleteRequest>) {
  return useApiMutation(deleteRequest, refresh, options);
}

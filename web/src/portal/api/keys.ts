/** The partner's API key slots (one per environment) and its ingest secret. */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type Environment } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';
import { meKeys } from './session';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

/** The partner's key slots that hold a key (a blank slot is absent). */
export const apiKeysQuery = queryOptions({ queryKey: apiKeyKeys.all, queryFn: () => unwrap(api.GET('/api/partners/me/api-keys')) });

/** `enabled` false for a role that may not read keys (a viewer): the server would answer 403. */
export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQuery, enabled });
}

/** After a key changed: the slots, and who is signed in (a session opened with the old key may have ended with it). */
function refreshKeys(client: QueryClient) {
  void client.invalidateQueries({ queryKey: apiKeyKeys.all });
  void client.invalidateQueries({ queryKey: meKeys.all });
}

/** For a change whose new key is shown first: the slots are asked again only once it has been seen. */
export function useRefreshKeys(): () => void {
  const client = useQueryClient();
  return () => refreshKeys(client);
}

const rotateKey = (environment: Environment, overlapSeconds: number) =>
  unwrap(api.POST('/api/partners/me/api-keys/{environment}/rotate', { params: { path: { environment } }, body: { overlap_seconds: overlapSeconds } }));
/**
 * A new key in the slot, shown once; the replaced key keeps working for `overlapSeconds` (0: it stops at once). The slots
 * are refreshed by `useRefreshKeys` when the reader is done with it.
 */
export function useRotateKey(env: Environment, options?: OptionsOf<(overlapSeconds: number) => ReturnType<typeof rotateKey>>) {
  return useApiMutation((overlapSeconds: number) => rotateKey(env, overlapSeconds), null, options);
}

const expirePrevious = (environment: Environment) => unwrap(api.POST('/api/partners/me/api-keys/{environment}/expire-previous', { params: { path: { environment } } }));
/** "Expire now": the key the last rotation kept working stops at once (and the sessions opened with it end). */
export function useExpirePreviousKey(env: Environment, options?: OptionsOf<() => ReturnType<typeof expirePrevious>>) {
  return useApiMutation(() => expirePrevious(env), refreshKeys, options);
}

const clearKey = (environment: Environment) => unwrap(api.DELETE('/api/v1/keys/{environment}', { params: { path: { environment } } }));
export function useClearKey(env: Environment, options?: OptionsOf<() => ReturnType<typeof clearKey>>) {
  return useApiMutation(() => clearKey(env), refreshKeys, options);
}

const pasteKey = (environment: Environment, key: string) => unwrap(api.PUT('/api/partners/me/api-keys/{environment}', { params: { path: { environment } }, body: { key } }));
export function usePasteKey(env: Environment, options?: OptionsOf<(key: string) => ReturnType<typeof pasteKey>>) {
  return useApiMutation((key: string) => pasteKey(env, key), refreshKeys, options);
}

/** The ingest secret never reaches the browser: it is rotated here and read by the partner's servers. */
const rotateIngestSecret = (graceHours: number) => unwrap(api.POST('/api/partners/me/ingest-secret/rotate', { body: { grace_hours: graceHours } }));
export function useRotateIngestSecret(options?: OptionsOf<typeof rotateIngestSecret>) {
  return useApiMutation(rotateIngestSecret, null, options);
}

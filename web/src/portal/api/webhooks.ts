/** The partner's webhook endpoint (one per environment), its delivery attempts, and the server's rule for endpoint URLs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapOrNull, type Answer, type Environment, type components } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';

export type WebhookConfig = Answer<'/api/partners/me/webhooks', 'get'>;
export type WebhookCreated = Answer<'/api/partners/me/webhooks', 'post'>;
export type Delivery = Answer<'/api/partners/me/webhooks/deliveries', 'get'>[number];
/** Every event type an endpoint may subscribe to (the document's closed list). */
export type EventType = components['schemas']['WebhookConfigBody']['events'][number];
export type DeliveryFilter = 'all' | 'delivered' | 'failed';
export interface EndpointChange {
  url: string;
  events: EventType[];
  enabled: boolean;
}

/** How many attempts the table reads at once (the operation's maximum is 1000). */
const FETCH_LIMIT = 500;
/** How often the endpoint's answer is asked again while the page is open: its circuit changes as deliveries run. */
const CONFIG_REFRESH_MS = 5000;
/** How often the delivery table is asked again: deliveries happen in the background. */
const DELIVERIES_REFRESH_MS = 5000;
/** A test event is queued, then delivered by the worker: the table is asked again once it has had time to run. */
const TEST_DELIVERY_WAIT_MS = 1500;

export const webhookKeys = {
  all: ['webhooks'] as const,
  config: (env: Environment) => [...webhookKeys.all, 'config', env] as const,
  /** Every status filter of one environment's delivery attempts. */
  deliveries: (env: Environment) => [...webhookKeys.all, 'deliveries', env] as const,
  deliveryList: (env: Environment, status: DeliveryFilter, eventType: EventType | 'all' = 'all') => [...webhookKeys.deliveries(env), status, eventType] as const,
  /** The URL the environment's newest successful attempt went to (what "Deliveries flowing" waits for). */
  newestDelivered: (env: Environment) => [...webhookKeys.deliveries(env), 'newest-delivered'] as const,
  urlRule: () => [...webhookKeys.all, 'url-rule'] as const,
};

/** The endpoint, or null when there is none yet (404 is an answer, not an error). */
export const configQuery = (env: Environment) =>
  queryOptions({
    queryKey: webhookKeys.config(env),
    queryFn: () => unwrapOrNull(api.GET('/api/partners/me/webhooks', { params: { query: { environment: env } } })),
    // The circuit opens and closes as deliveries run in the background: the page follows it.
    refetchInterval: (q) => (q.state.data ? CONFIG_REFRESH_MS : false),
  });

export function useWebhookConfig(env: Environment) {
  return useQuery(configQuery(env));
}

/** The delivery table's query: the page starts it with the configuration's, not once that has answered. */
export const deliveriesQuery = (env: Environment, status: DeliveryFilter, eventType: EventType | 'all' = 'all') =>
  queryOptions({
    queryKey: webhookKeys.deliveryList(env, status, eventType),
    queryFn: () =>
      unwrap(
        api.GET('/api/partners/me/webhooks/deliveries', {
          params: {
            query: { environment: env, limit: FETCH_LIMIT, ...(status === 'all' ? {} : { status }), ...(eventType === 'all' ? {} : { event_type: eventType }) },
          },
        }),
      ),
  });

/** The table follows the deliveries as they happen; the prefetch (`deliveriesQuery`) does not poll. */
export function useDeliveries(env: Environment, status: DeliveryFilter, eventType: EventType | 'all' = 'all') {
  return useQuery({ ...deliveriesQuery(env, status, eventType), refetchInterval: DELIVERIES_REFRESH_MS });
}

/**
 * Whether an attempt to `url` (the endpoint as configured now) has succeeded: the newest successful attempt of the
 * environment went there. Another URL's success (before the endpoint changed) says nothing of this one. Asked
 * again every 5 s until one has.
 */
export function useDelivered(env: Environment, url: string | null) {
  return useQuery({
    queryKey: webhookKeys.newestDelivered(env),
    queryFn: async () =>
      (await unwrap(api.GET('/api/partners/me/webhooks/deliveries', { params: { query: { environment: env, limit: 1, status: 'delivered' } } })))[0]?.url ?? null,
    enabled: url !== null,
    select: (newest) => newest !== null && newest === url,
    refetchInterval: (q) => (q.state.data != null && q.state.data === url ? false : DELIVERIES_REFRESH_MS),
  });
}

/**
 * The server's rule for endpoint URLs, as its health answer states it: https on a public address,
 * or (WEBHOOK_ALLOW_PRIVATE, a development setting) http too, and private and loopback addresses.
 * Until it is known the strict rule holds: it is the production one.
 */
export function useAllowPrivateTargets(): boolean {
  const health = useQuery({ queryKey: webhookKeys.urlRule(), queryFn: () => unwrap(api.GET('/api/v1/health')), staleTime: Infinity, retry: false });
  return health.data?.webhooks_allow_private === true;
}

const saveEndpoint = (environment: Environment, body: EndpointChange) => unwrap(api.POST('/api/partners/me/webhooks', { params: { query: { environment } }, body }));
/** The answer is the endpoint as saved: it replaces the cached one. */
export function useSaveEndpoint(env: Environment, options?: OptionsOf<(body: EndpointChange) => ReturnType<typeof saveEndpoint>>) {
  return useApiMutation((body: EndpointChange) => saveEndpoint(env, body), (client, saved) => client.setQueryData(webhookKeys.config(env), saved), options);
}

const rotateSecret = (environment: Environment) => unwrap(api.POST('/api/partners/me/webhooks/rotate-secret', { params: { query: { environment } } }));
export function useRotateWebhookSecret(env: Environment, options?: OptionsOf<() => ReturnType<typeof rotateSecret>>) {
  return useApiMutation(() => rotateSecret(env), (client, saved) => client.setQueryData(webhookKeys.config(env), saved), options);
}

const deleteEndpoint = (environment: Environment) => unwrap(api.DELETE('/api/partners/me/webhooks', { params: { query: { environment } } }));
export function useDeleteEndpoint(env: Environment, options?: OptionsOf<() => ReturnType<typeof deleteEndpoint>>) {
  return useApiMutation(() => deleteEndpoint(env), (client) => client.setQueryData(webhookKeys.config(env), null), options);
}

const sendTest = (environment: Environment) => unwrap(api.POST('/api/partners/me/webhooks/test', { params: { query: { environment } } }));
export function useSendTestEvent(env: Environment, options?: OptionsOf<() => ReturnType<typeof sendTest>>) {
  return useApiMutation(
    () => sendTest(env),
    (client) => setTimeout(() => void client.invalidateQueries({ queryKey: webhookKeys.deliveries(env) }), TEST_DELIVERY_WAIT_MS),
    options,
  );
}

const resend = (environment: Environment, id: string) =>
  unwrap(api.POST('/api/partners/me/webhooks/deliveries/{delivery_id}/resend', { params: { path: { delivery_id: id }, query: { environment } } }));
export function useResendDelivery(env: Environment, options?: OptionsOf<(id: string) => ReturnType<typeof resend>>) {
  return useApiMutation(
    (id: string) => resend(env, id),
    (client) => {
      void client.invalidateQueries({ queryKey: webhookKeys.deliveries(env) });
      // A resend goes through an open circuit, and its outcome closes or counts against it.
      void client.invalidateQueries({ queryKey: webhookKeys.config(env) });
    },
    options,
  );
}

// ---------------------------------------------------------------- the event inspector

export type WebhookEventList = Answer<'/api/partners/me/webhooks/events', 'get'>;
export type WebhookEventSummary = WebhookEventList['data'][number];
export type WebhookEventDetail = Answer<'/api/partners/me/webhooks/events/{event_id}', 'get'>;
export type WebhookAttempt = WebhookEventDetail['deliveries'][number];
export type EventState = WebhookEventSummary['state'];

/** The Events page's filters, as the address holds them. */
export interface EventFilters {
  type?: EventType;
  status?: EventState;
  since?: string;
}

/** Events on one page of the list (the operation's maximum is 100). */
export const EVENT_PAGE = 50;
/** How often a pending event is asked again: its attempts happen in the background. */
const PENDING_EVENT_REFRESH_MS = 3000;

export const eventKeys = {
  all: [...webhookKeys.all, 'events'] as const,
  env: (env: Environment) => [...eventKeys.all, env] as const,
  list: (env: Environment, filters: EventFilters, cursor: string | null) => [...eventKeys.env(env), 'list', filters, cursor] as const,
  detail: (env: Environment, id: string) => [...eventKeys.env(env), 'detail', id] as const,
};

export function useWebhookEvents(env: Environment, filters: EventFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: eventKeys.list(env, filters, cursor ?? null),
    queryFn: () =>
      unwrap(api.GET('/api/partners/me/webhooks/events', { params: { query: { environment: env, limit: EVENT_PAGE, ...filters, ...(cursor ? { cursor } : {}) } } })),
    // Only the first page follows new events: a later page's cursor stays where the reader left it.
    refetchInterval: cursor ? false : DELIVERIES_REFRESH_MS,
  });
}

/** One event with every attempt; asked again while it waits for an attempt, so each one appears as it happens. */
export function useWebhookEvent(env: Environment, id: string) {
  return useQuery({
    queryKey: eventKeys.detail(env, id),
    queryFn: () => unwrap(api.GET('/api/partners/me/webhooks/events/{event_id}', { params: { path: { event_id: id }, query: { environment: env } } })),
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? PENDING_EVENT_REFRESH_MS : false),
  });
}

const resendEvent = (environment: Environment, id: string) =>
  unwrap(api.POST('/api/partners/me/webhooks/events/{event_id}/resend', { params: { path: { event_id: id }, query: { environment } } }));
/** Sends an event again, now; its page, the lists and the delivery table show the new attempt. */
export function useResendEvent(env: Environment, id: string, options?: OptionsOf<() => ReturnType<typeof resendEvent>>) {
  return useApiMutation(
    () => resendEvent(env, id),
    (client) => {
      void client.invalidateQueries({ queryKey: eventKeys.env(env) });
      void client.invalidateQueries({ queryKey: webhookKeys.deliveries(env) });
      void client.invalidateQueries({ queryKey: webhookKeys.config(env) });
    },
    options,
  );
}

/**
 * @svc-platform/client: the typed client of the svc partner API.
 *   createClient   calls, typed from the service's OpenAPI document (openapi-fetch)
 *   verifyWebhook  checks a webhook delivery's signature and returns its typed event
 *   paginate       iterates a cursor-paged list
 *   SvcApiError    what every call throws on an error answer (after retrying 429 and 503 when it may)
 *   listen         forwards the test environment's webhook events to a local URL (also the svc-listen bin)
 */
export { createClient, type ClientOptions, type SvcClient } from './client.js';
export { listen, listenCli, ListenError, sseEvents, type ListenOptions } from './listen.js';
export { paginate, type PagedPath, type PageItem, type PageQuery } from './paginate.js';
export { SvcApiError, type ValidationErrorItem } from './errors.js';
export type { RetryOptions } from './retry.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type HeaderBag,
  type VerifyWebhookInput,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';

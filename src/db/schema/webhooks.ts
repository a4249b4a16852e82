/** Tables owned by the webhooks area (its own migration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WebhooksTables {}

/** Tells the partner how far back the log goes: records of finished events are deleted after this many days. */
export const RETENTION_HEADER = 'Webhook-Retention-Days';
export const RETENTION_NOTE =
  'Delivery records are kept for the retention the `Webhook-Retention-Days` response header states (30 days unless the operator sets ' +
  'WEBHOOK_RETENTION_DAYS), counted from when their event was delivered or gave up; then the event and its records are deleted.';

export function retentionDays(deps: { config: { webhookRetentionDays: number } }): string {
  return String(deps.config.webhookRetentionDays);
}

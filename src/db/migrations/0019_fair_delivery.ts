import { sql, type Kysely } from 'kysely';

// Fair webhook delivery: each endpoint's circuit breaker lives on its configuration row (every
// process reads and writes the same state), and due events are found per endpoint.
export async function up(db: Kysely<unknown>): Promise<void> {
  // closed | open | half_open (a probe delivery is in flight).
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_state', 'text', (c) => c.notNull().defaultTo('closed')).execute();
  // Failed attempts in a row (timeouts, connection errors, 5xx, 429).
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Openings in a row without a success between them: the next open period doubles with each.
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_trips', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // While open: when the probe delivery may go.
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_retry_at', 'bigint').execute();
  // While half-open: until when the process that sends the probe holds it.
  await db.schema.alterTable('webhook_endpoints').addColumn('circuit_probe_until', 'bigint').execute();

  // Pending events per endpoint, due first: the claim walks the endpoints that have pending events
  // (one index seek each, whatever their backlog) and takes each one's due events from the front.
  await db.schema
    .createIndex('webhook_events_endpoint_idx')
    .on('webhook_events')
    .columns(['environment', 'partner_id', 'next_attempt_at', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  // (state, next_attempt_at) over every event served the former claim, which took the oldest due
  // events of all partners. Without statistics SQLite preferred it to the endpoint index above and
  // read every partner's due rows to find one endpoint's. Pending events are served by the partial
  // indexes; the public "webhooks delivered" counter gets its own partial index.
  await db.schema.dropIndex('webhook_events_due_idx').execute();
  await db.schema
    .createIndex('webhook_events_delivered_idx')
    .on('webhook_events')
    .columns(['completed_at'])
    .where(sql.ref('state'), '=', 'delivered')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_events_delivered_idx').ifExists().execute();
  await db.schema.createIndex('webhook_events_due_idx').on('webhook_events').columns(['state', 'next_attempt_at']).execute();
  await db.schema.dropIndex('webhook_events_endpoint_idx').ifExists().execute();
  for (const c of ['circuit_probe_until', 'circuit_retry_at', 'circuit_trips', 'circuit_failures', 'circuit_state']) {
    await db.schema.alterTable('webhook_endpoints').dropColumn(c).execute();
  }
}

import type { Kysely } from 'kysely';

// Public area: status probes and incidents, status checks, contact leads, data-deletion
// requests, IndexNow submissions. Portable DDL only (SQLite and PostgreSQL).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_probes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_ms', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('status_probes_component_at_idx').on('status_probes').columns(['component', 'at']).execute();

  await db.schema
    .createTable('incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('impact', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('components', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incidents_started_idx').on('incidents').columns(['started_at', 'id']).execute();

  await db.schema
    .createTable('incident_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_updates_incident_idx').on('incident_updates').columns(['incident_id', 'at']).execute();

  await db.schema
    .createTable('status_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_ip', 'text')
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_leads_email_idx').on('contact_leads').columns(['email_lower']).execute();

  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    // email_lower while the request is open (pending / in_progress), null once closed:
    // the unique constraint allows one open request per email (NULLs never collide).
    .addColumn('open_email', 'text', (c) => c.unique())
    .addColumn('name', 'text')
    .addColumn('reason', 'text')
    .addColumn('last_4_phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('erased', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deletion_requests_created_idx').on('deletion_requests').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('deletion_requests_status_idx').on('deletion_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('indexnow_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('url_count', 'integer', (c) => c.notNull())
    .addColumn('urls', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('indexnow_submissions_at_idx').on('indexnow_submissions').columns(['at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['indexnow_submissions', 'deletion_requests', 'contact_leads', 'status_checks', 'incident_updates', 'incidents', 'status_probes']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

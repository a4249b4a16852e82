/** SQL of the IndexNow area: submissions (takes an Executor: the database or a transaction). */
import type { Executor } from '../../db/database.js';
import type { IndexnowSubmissionsTable } from '../../db/schema/public.js';

// ---- indexnow ----

export async function insertSubmission(db: Executor, row: IndexnowSubmissionsTable): Promise<void> {
  await db.insertInto('indexnow_submissions').values(row).execute();
}

export function recentSubmissions(db: Executor, limit: number) {
  return db.selectFrom('indexnow_submissions').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function submissionTotals(db: Executor) {
  return db
    .selectFrom('indexnow_submissions')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('url_count').as('urls')])
    .executeTakeFirst();
}

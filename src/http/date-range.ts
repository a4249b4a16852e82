/** The `since` / `until` filters of the reports and exports. */
import { DAY_MS, parseDay, parseInstant } from '../lib/time.js';
import { errors } from './errors.js';

export interface DateRange {
  /** inclusive, epoch ms */
  since: number | null;
  /** exclusive, epoch ms */
  until: number | null;
}

const MSG = 'Input should be an ISO 8601 date (YYYY-MM-DD) or date-time with a time zone';

/**
 * Parses the filters: `since` inclusive, `until` exclusive, a bare date for `until`
 * meaning up to the end of that UTC day. What does not parse is a 422 on its own
 * field; an empty or inverted range is a 422 on `invertedLoc`.
 */
export function parseDateRange(q: { since?: string; until?: string }, invertedLoc: 'since' | 'until' = 'since'): DateRange {
  let since: number | null = null;
  let until: number | null = null;
  if (q.since !== undefined) {
    since = parseInstant(q.since);
    if (since === null) throw errors.invalid(['query', 'since'], MSG, q.since, 'datetime_parsing');
  }
  if (q.until !== undefined) {
    const day = parseDay(q.until);
    until = day !== null ? day + DAY_MS : parseInstant(q.until);
    if (until === null) throw errors.invalid(['query', 'until'], MSG, q.until, 'datetime_parsing');
  }
  if (since !== null && until !== null && since >= until) {
    const input = invertedLoc === 'since' ? q.since : q.until;
    throw errors.invalid(['query', invertedLoc], invertedLoc === 'since' ? 'since must be before until' : 'until must be after since', input, 'value_error');
  }
  return { since, until };
}

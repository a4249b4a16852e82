import { isApiError } from '../api/client';

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** "try again at 14:32 (in 15 minutes)" for a Retry-After of `seconds`. */
export function retryText(seconds: number, now = Date.now()): string {
  const at = new Date(now + seconds * 1000);
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${Math.ceil(seconds)} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `try again at ${TIME.format(at)} (in ${wait})`;
}

export interface FormErrors {
  /** The message for a field the form shows, or null. */
  field: (name: string) => string | null;
  /** The message for the whole form (and for fields the form does not show), or null. */
  form: string | null;
}

/**
 * What a form shows for a failed submission. `known`: the body fields the form has (a 422 item
 * on another field goes to the form's message). `statusField`: a status whose message belongs to
 * a field (409 on the email of a sign-up).
 */
export function formErrors(err: unknown, known: string[], statusField: Partial<Record<number, string>> = {}): FormErrors {
  if (!err) return { field: () => null, form: null };
  if (!isApiError(err)) return { field: () => null, form: 'Something went wrong: try again.' };
  const placed = statusField[err.status];
  if (placed) return { field: (name) => (name === placed ? err.message : null), form: null };
  if (err.status === 429) {
    const what = err.message.replace(/[;:,.]? *try again later\.?$/i, '');
    return { field: () => null, form: `${what}: ${err.retryAfterSeconds ? retryText(err.retryAfterSeconds) : 'try again later'}.` };
  }
  const entries = Object.entries(err.fields);
  if (entries.length === 0) return { field: () => null, form: err.message };
  const others = entries.filter(([k]) => !known.includes(k)).map(([k, m]) => (k === 'form' || k === 'body' ? m : `${k}: ${m}`));
  return { field: (name) => (known.includes(name) ? (err.fields[name] ?? null) : null), form: others.length ? others.join(' · ') : null };
}

/** An error's words for a banner. */
export function errorText(err: unknown): string {
  return isApiError(err) ? err.message : 'Something went wrong: try again.';
}

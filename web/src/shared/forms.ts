import { useState } from 'react';
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

/** What a form found wrong itself before sending, by field name: a plain sentence naming the field. */
export type FieldProblems = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checks a form makes before sending, in the words it shows: each returns its message when the
 * value fails, else null. The server checks everything again; these only spare a round trip and
 * its validator's wording for what is plain to see (an empty field, a short name, no @).
 */
export const check = {
  filled: (value: string, message: string): string | null => (value.trim() ? null : message),
  atLeast: (value: string, min: number, message: string): string | null => ([...value.trim()].length >= min ? null : message),
  email: (value: string, message: string): string | null => (EMAIL.test(value.trim()) ? null : message),
};

/** Each field's first failing check: `{company_name: [check.atLeast(…)], …}` → `{company_name: '…'}`. */
export function problemsOf(checks: Record<string, (string | null)[]>): FieldProblems {
  const out: FieldProblems = {};
  for (const [name, results] of Object.entries(checks)) {
    const first = results.find((m) => m !== null);
    if (first) out[name] = first;
  }
  return out;
}

/**
 * A form's own checks: `passes(form, problems)` keeps the problems to show (at their fields, through
 * formErrors) and moves the focus to the first field that has one; true when there is none and the
 * form may be sent.
 */
export function useFieldProblems() {
  const [problems, setProblems] = useState<FieldProblems>({});
  const passes = (form: HTMLFormElement, found: FieldProblems): boolean => {
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return true;
    const control = form.elements.namedItem(first);
    if (control instanceof HTMLElement) control.focus();
    return false;
  };
  return { problems, passes };
}

/**
 * What a form shows for a failed submission. `known`: the body fields the form has (a 422 item
 * on another field goes to the form's message). `statusField`: a status whose message belongs to
 * a field (409 on the email of a sign-up). `problems`: what the form found itself before sending
 * (useFieldProblems); while there are any, they are all it shows.
 */
export function formErrors(err: unknown, known: string[], statusField: Partial<Record<number, string>> = {}, problems: FieldProblems = {}): FormErrors {
  if (Object.keys(problems).length > 0) return { field: (name) => problems[name] ?? null, form: null };
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

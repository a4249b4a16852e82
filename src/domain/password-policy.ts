/**
 * The password policy (NIST SP 800-63B, memorized secrets), one set of rules for sign-up, password change,
 * password reset, the administrator CLI and ADMIN_PASSWORD:
 *
 * - 8 to 128 characters (Unicode code points, as the schemas count them), counted after NFKC normalisation,
 *   the form the hash is computed over (src/lib/crypto.ts), so "ﬃ" counts as the three letters it is hashed as;
 * - not blank: at least one character that is neither whitespace nor invisible (format characters);
 * - no control characters (Unicode Cc: C0 including tab, CR and LF, DEL, C1), which nobody can type
 *   reliably into a password field and which the input guard refuses elsewhere;
 * - not on the list of common and breached passwords of @zxcvbn-ts/language-common (compared in lower case,
 *   without surrounding whitespace: "Password1" is as guessable as "password1");
 * - not the account's own email address, nor its part before the @ (context-specific words);
 * - not repetitive or sequential: one character or a group of up to four repeated ("aaaaaaaa", "abcabcab"), or a run
 *   of consecutive characters up or down ("12345678", "abcdefgh", "hgfedcba"), compared in lower case: the guideline
 *   names both, and the list of common passwords does not hold every length of them.
 *
 * Where a password is changed, the new one must differ from the current one (passwords.ts): that rule needs the
 * current password, so it is not part of this pure check.
 *
 * No composition rules (one digit, one symbol…) and no expiry: the guideline advises against both.
 * Pure: no I/O, so src/config.ts applies the same rules to ADMIN_PASSWORD before anything starts.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** What the rules say, for schema descriptions and messages. */
export const PASSWORD_RULES =
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters after NFKC normalisation; not blank, no control characters, ` +
  "not a common or breached password, not the account's email address, not one character or a short group repeated nor a run of consecutive characters";

/** A broken rule, in the shape of a FastAPI/Pydantic validation item (type, msg, ctx). */
export interface PasswordViolation {
  type:
    | 'string_too_short'
    | 'string_too_long'
    | 'password_blank'
    | 'string_control_character'
    | 'password_common'
    | 'password_context'
    | 'password_repetitive'
    | 'password_sequential';
  msg: string;
  ctx?: Record<string, unknown>;
}

export interface PasswordContext {
  /** The email of the account the password is for. */
  email?: string | null;
}

const CONTROL = /\p{Cc}/u;
const BLANK = /^[\p{White_Space}\p{Cf}]*$/u;

let common: Set<string> | null = null;

/** The list, built on first use (about 49,000 entries; only those long enough to pass the length rule are kept). */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => [...p].length >= PASSWORD_MIN_LENGTH));
  return common;
}

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The longest group whose repetition makes a password repetitive ("abcd" in "abcdabcd"). */
const REPEATED_GROUP_MAX = 4;

/** Whether `chars` is one group of at most REPEATED_GROUP_MAX characters repeated (the last repetition may be cut short). */
function isRepetitive(chars: string[]): boolean {
  for (let size = 1; size <= REPEATED_GROUP_MAX && size < chars.length; size++) {
    if (chars.every((c, i) => c === chars[i % size])) return true;
  }
  return false;
}

/** Whether every character is the one before it plus one, or every one the one before it minus one ("12345678", "hgfedcba"). */
function isSequential(chars: string[]): boolean {
  const step = chars[1].codePointAt(0)! - chars[0].codePointAt(0)!;
  if (step !== 1 && step !== -1) return false;
  return chars.every((c, i) => i === 0 || c.codePointAt(0)! - chars[i - 1].codePointAt(0)! === step);
}

/** The first rule `password` breaks, or null when it is acceptable. */
export function passwordViolation(password: string, context: PasswordContext = {}): PasswordViolation | null {
  const normalised = password.normalize('NFKC');
  const length = codePoints(normalised);
  if (length > PASSWORD_MAX_LENGTH) {
    return { type: 'string_too_long', msg: `Password should have at most ${PASSWORD_MAX_LENGTH} characters`, ctx: { max_length: PASSWORD_MAX_LENGTH } };
  }
  if (CONTROL.test(normalised)) {
    return { type: 'string_control_character', msg: 'Password should not contain control characters (tab, line breaks and other invisible controls)' };
  }
  if (BLANK.test(normalised)) return { type: 'password_blank', msg: 'Password should not be blank or only whitespace' };
  if (length < PASSWORD_MIN_LENGTH) {
    return { type: 'string_too_short', msg: `Password should have at least ${PASSWORD_MIN_LENGTH} characters`, ctx: { min_length: PASSWORD_MIN_LENGTH } };
  }
  const folded = normalised.trim().toLowerCase();
  if (commonPasswords().has(folded)) {
    return { type: 'password_common', msg: 'This password is on a list of common or breached passwords: choose another one' };
  }
  const email = context.email?.trim().normalize('NFKC').toLowerCase();
  if (email && (folded === email || folded === email.split('@')[0])) {
    return { type: 'password_context', msg: "Password should not be the account's email address" };
  }
  // Compared without surrounding whitespace: "aaaaaaaa " is as repetitive as "aaaaaaaa" (and "x       " is one character).
  const chars = [...folded];
  if (chars.length < 2 || isRepetitive(chars)) {
    return { type: 'password_repetitive', msg: 'Password should not be one character or a short group of characters repeated (like aaaaaaaa or abcabcab)' };
  }
  if (isSequential(chars)) {
    return { type: 'password_sequential', msg: 'Password should not be a run of consecutive characters (like 12345678 or abcdefgh)' };
  }
  return null;
}

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
 * - not the account's own email address, nor its part before the @ (context-specific words).
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
  "not a common or breached password, not the account's email address";

/** A broken rule, in the shape of a FastAPI/Pydantic validation item (type, msg, ctx). */
export interface PasswordViolation {
  type: 'string_too_short' | 'string_too_long' | 'password_blank' | 'string_control_character' | 'password_common' | 'password_context';
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
  return null;
}

import { z } from 'zod';
import { LIMITS } from '../constants';

/**
 * The one rule for a new password, wherever one is set (sign-up, its completion, a reset, a staff-created user, an
 * admin's change): the server validates with it and every form that sets a password shows it as a live checklist
 * while the user types (docs/spec/CONTRACT.md §5, decision 047). Each part has the label the checklist shows and the
 * sentence a refusal carries, one `details` line per broken part.
 */

export const PASSWORD_MIN = 8;

/** UTF-8 bytes, as bcrypt counts them: accented letters take 2, most emoji 4. */
export const passwordTooLong = (password: string) => new TextEncoder().encode(password).length > LIMITS.passwordMaxBytes;
export const PASSWORD_TOO_LONG = `Password must be at most ${LIMITS.passwordMaxBytes} bytes long (accented letters and emoji count as 2 to 4)`;

export interface PasswordRule {
  /** What the checklist says, as something to have. */
  label: string;
  /** The sentence of a refusal. */
  message: string;
  met(password: string): boolean;
}

/** Special character: anything that is not a letter, a digit or white space. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: `At least ${PASSWORD_MIN} characters`,
    message: `Password must be at least ${PASSWORD_MIN} characters long`,
    // Characters as a reader counts them (code points): `length` counts an emoji twice.
    met: (p) => [...p].length >= PASSWORD_MIN,
  },
  { label: 'An upper-case letter', message: 'Password must contain an upper-case letter', met: (p) => /\p{Lu}/u.test(p) },
  { label: 'A lower-case letter', message: 'Password must contain a lower-case letter', met: (p) => /\p{Ll}/u.test(p) },
  { label: 'A number', message: 'Password must contain a digit', met: (p) => /\d/.test(p) },
  {
    label: 'A special character (such as ! ? # @ -)',
    message: 'Password must contain a special character (such as ! ? # @ -)',
    met: (p) => /[^\p{L}\p{N}\s]/u.test(p),
  },
];

/** Every broken part of the rule, in the checklist's order; a password too long is long enough, so that comes first. */
export function passwordProblems(password: string): string[] {
  const problems = PASSWORD_RULES.filter((rule) => !rule.met(password)).map((rule) => rule.message);
  return passwordTooLong(password) ? [PASSWORD_TOO_LONG, ...problems] : problems;
}

/** A new password: the field's own issues, one per broken part. */
export const newPasswordSchema = z.string({ error: 'Password is required' }).superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message, input: password });
});

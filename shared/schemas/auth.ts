import { z } from 'zod';
import { LIMITS } from '../constants';
import { passwordProblems } from './password';
import { hasVisibleText } from './text';

/**
 * Request bodies of /api/auth (docs/api.md "Auth"). The server validates with these schemas; the client
 * builds its forms on them. Every message is a sentence a reader can act on: the server sends them as
 * `details` of a 400 "Validation failed".
 */

export const EMAIL_MAX = 254;
export const NAME_MIN = 2;

/** A string field whose missing and wrong-type messages name the field. */
const text = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a string`),
  });

/**
 * Trimmed and lower-cased before anything else looks at it (docs/spec/CONTRACT.md §5). An empty address is an invalid
 * one (docs/spec/SPEC.md §5: the sign-up and reset forms say 'Invalid email address'); a missing field is required.
 */
export const emailSchema = text('Email')
  .trim()
  .toLowerCase()
  .min(1, 'Invalid email address')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Invalid email address'));

export const nameSchema = text('Name')
  .trim()
  .min(NAME_MIN, `Name must be at least ${NAME_MIN} characters`)
  .refine((s) => s.length < NAME_MIN || hasVisibleText(s), 'Name is required')
  .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`);

export const otpSchema = text('OTP')
  .trim()
  .regex(/^\d{6}$/, `OTP must be ${LIMITS.otpLength} digits`);

/**
 * Applies the password rule (./password.ts) to `field` of an object schema. It runs at the object level (issue path
 * empty) so each detail reads "Password must …" whatever the field is called, and it runs even when
 * other fields are invalid, so one answer lists every problem.
 */
function withPasswordRule<T extends z.ZodObject>(schema: T, field: string) {
  return schema.superRefine(
    (value, ctx) => {
      for (const message of passwordProblems((value as Record<string, string>)[field]!))
        ctx.addIssue({ code: 'custom', message, path: [] });
    },
    { when: (payload) => typeof (payload.value as Record<string, unknown> | undefined)?.[field] === 'string' },
  );
}

export const signupInputSchema = withPasswordRule(
  z.object({ name: nameSchema, email: emailSchema, password: text('Password') }),
  'password',
);
export type SignupInput = z.infer<typeof signupInputSchema>;

export const signupInitiateInputSchema = z.object({ email: emailSchema });
export type SignupInitiateInput = z.infer<typeof signupInitiateInputSchema>;

/** Both code checks (sign-up and password reset) take the same body. */
export const verifyOtpInputSchema = z.object({ email: emailSchema, otp: otpSchema });
export type VerifyOtpInput = z.infer<typeof verifyOtpInputSchema>;

/** The code of the verify step again: only whoever holds it may create the account of the address. */
export const signupCompleteInputSchema = withPasswordRule(
  z.object({ email: emailSchema, otp: otpSchema, name: nameSchema, password: text('Password') }),
  'password',
);
export type SignupCompleteInput = z.infer<typeof signupCompleteInputSchema>;

/**
 * Login checks presence only: the rule may have changed since an account was made. A password too long to
 * have been set is simply a wrong one (401), like any other.
 */
export const loginInputSchema = z.object({
  email: text('Email').trim().toLowerCase().min(1, 'Email is required').max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`),
  password: text('Password').min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = withPasswordRule(
  z.object({ email: emailSchema, otp: otpSchema, newPassword: text('New password') }),
  'newPassword',
);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

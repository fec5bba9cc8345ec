/**
 * The sign-up, login and reset forms' schemas (react-hook-form's zod resolver reads them), built on the
 * shared request schemas with the exact messages of docs/spec/SPEC.md §5. A new password is checked with the
 * server's own rule (`newPasswordSchema`), shown as a checklist while it is typed, so one round settles it
 * (decision 047).
 */
import { z } from 'zod';
import { NAME_MIN, emailSchema, loginInputSchema, nameSchema, otpSchema } from '#shared/schemas/auth';
import { newPasswordSchema } from '#shared/schemas/password';

export const SIGNUP_OTP_LENGTH = 6;
export const RESET_OTP_MIN = 4;

/** Only digits are accepted while typing, at most `max` of them. */
export function otpDigits(value: string, max = SIGNUP_OTP_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** 'Passwords do not match' under the confirmation, checked even while other fields are wrong. */
function confirming<T extends z.ZodObject>(schema: T, field: string) {
  return schema.superRefine(
    (value, ctx) => {
      const values = value as Record<string, unknown>;
      if (values.confirmPassword !== values[field])
        ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
    },
    { when: () => true },
  );
}

export const loginFormSchema = loginInputSchema;
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const signupEmailFormSchema = z.object({ email: emailSchema });
export const signupCodeFormSchema = z.object({ otp: otpSchema });
export const signupProfileFormSchema = confirming(
  z.object({
    // docs/spec/SPEC.md §5 calls a name too short 'Name is required'; the shared schema's own message for it speaks to
    // API clients, so the form says SPEC's first and hands a long enough name to the shared rules.
    name: z.string().trim().min(NAME_MIN, 'Name is required').pipe(nameSchema),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  }),
  'password',
);

export interface SignupFormValues {
  email: string;
  otp: string;
  name: string;
  password: string;
  confirmPassword: string;
}

export interface ResetFormValues {
  email: string;
  otp: string;
  newPassword: string;
  confirmPassword: string;
}

/** The reset form's schema for the step on screen: that step's fields and those before it (docs/spec/SPEC.md §5). */
export function resetFormSchema(step: 1 | 2 | 3) {
  const email = z.object({ email: emailSchema });
  if (step === 1) return email;
  const code = email.extend({ otp: z.string().trim().min(RESET_OTP_MIN, 'OTP is required') });
  if (step === 2) return code;
  return confirming(code.extend({ newPassword: newPasswordSchema, confirmPassword: z.string() }), 'newPassword');
}

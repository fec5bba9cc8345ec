/**
 * Client-side checks of the sign-up, login and reset forms with the exact messages of SPEC.md §5. The
 * server applies its stricter password rule and answers with `details`, which the forms show as bullets.
 */
import { PASSWORD_TOO_LONG, passwordTooLong } from '../../../../../shared/schemas/auth';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const SIGNUP_OTP_LENGTH = 6;
export const RESET_OTP_MIN = 4;
export const PASSWORD_MIN_CLIENT = 6;
export const PASSWORD_HINT = 'Use at least 8 characters with upper case, lower case, a number and a special character.';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

export function validateEmail(email: string): string | undefined {
  return EMAIL_RE.test(email.trim()) ? undefined : 'Invalid email address';
}

/** Only digits are accepted while typing, at most `max` of them. */
export function otpDigits(value: string, max = SIGNUP_OTP_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export function validateSignupOtp(otp: string): string | undefined {
  return new RegExp(`^\\d{${SIGNUP_OTP_LENGTH}}$`).test(otp) ? undefined : 'OTP must be 6 digits';
}

export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return {
    email: values.email.trim() ? undefined : 'Email is required',
    password: values.password ? undefined : 'Password is required',
  };
}

/** bcrypt reads 72 bytes at most, so a longer password is refused here as on the server (shared rule). */
function newPasswordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_CLIENT) return 'Password must be at least 6 characters';
  return passwordTooLong(password) ? PASSWORD_TOO_LONG : undefined;
}

export function validateProfile(values: {
  name: string;
  password: string;
  confirmPassword: string;
}): FieldErrors<'name' | 'password' | 'confirmPassword'> {
  return {
    name: values.name.trim().length >= 2 ? undefined : 'Name is required',
    password: newPasswordProblem(values.password),
    confirmPassword: values.confirmPassword === values.password ? undefined : 'Passwords do not match',
  };
}

export interface ResetValues {
  email: string;
  otp: string;
  newPassword: string;
  confirmPassword: string;
}

/** The reset form's schema (SPEC.md §5), checked field by field for the step on screen. */
export function validateReset(values: ResetValues, step: 1 | 2 | 3): FieldErrors<keyof ResetValues> {
  const errors: FieldErrors<keyof ResetValues> = { email: validateEmail(values.email) };
  if (step >= 2) errors.otp = values.otp.trim().length >= RESET_OTP_MIN ? undefined : 'OTP is required';
  if (step >= 3) {
    errors.newPassword = newPasswordProblem(values.newPassword);
    errors.confirmPassword = values.confirmPassword === values.newPassword ? undefined : 'Passwords do not match';
  }
  return errors;
}

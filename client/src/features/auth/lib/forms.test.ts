import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginFormSchema, otpDigits, resetFormSchema, signupCodeFormSchema, signupEmailFormSchema, signupProfileFormSchema } from './forms';

/** The first message for each field, as react-hook-form's zod resolver shows them. */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('sign-up validation (SPEC §5)', () => {
  it('e-mail', () => {
    expect(errorsOf(signupEmailFormSchema, { email: 'reader@example.com' })).toEqual({});
    expect(errorsOf(signupEmailFormSchema, { email: '  reader@example.com ' })).toEqual({});
    for (const bad of ['', 'reader', 'reader@', '@example.com', 'a b@example.com', 'reader@example'])
      expect(errorsOf(signupEmailFormSchema, { email: bad })).toEqual({ email: 'Invalid email address' });
  });

  it('code: digits only while typing, at most 6', () => {
    expect(otpDigits('12a3 4-5678')).toBe('123456');
    expect(otpDigits('abc')).toBe('');
  });

  it('code: exactly 6 digits', () => {
    expect(errorsOf(signupCodeFormSchema, { otp: '123456' })).toEqual({});
    expect(errorsOf(signupCodeFormSchema, { otp: '12345' })).toEqual({ otp: 'OTP must be 6 digits' });
    expect(errorsOf(signupCodeFormSchema, { otp: '12345a' })).toEqual({ otp: 'OTP must be 6 digits' });
  });

  it("profile: name, the server's password rule, confirmation", () => {
    expect(errorsOf(signupProfileFormSchema, { name: 'Riley', password: 'Secret-42', confirmPassword: 'Secret-42' })).toEqual({});
    expect(errorsOf(signupProfileFormSchema, { name: ' R ', password: '12345', confirmPassword: '1234' })).toEqual({
      name: 'Name is required',
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('profile: a password of 6 characters, or 8 without a special character, is refused here as the server refuses it', () => {
    expect(errorsOf(signupProfileFormSchema, { name: 'Riley', password: 'secret', confirmPassword: 'secret' }).password).toBe(
      'Password must be at least 8 characters long',
    );
    expect(errorsOf(signupProfileFormSchema, { name: 'Riley', password: 'Secret42', confirmPassword: 'Secret42' }).password).toBe(
      'Password must contain a special character (such as ! ? # @ -)',
    );
    expect(
      errorsOf(resetFormSchema(3), { email: 'a@b.co', otp: '1234', newPassword: 'secret', confirmPassword: 'secret' }).newPassword,
    ).toBe('Password must be at least 8 characters long');
  });

  it('profile: refuses a password longer than the 72 bytes bcrypt reads, counted in bytes', () => {
    const tooLong = 'Aa1!' + 'é'.repeat(35); // 39 characters, 74 bytes
    expect(errorsOf(signupProfileFormSchema, { name: 'Riley', password: tooLong, confirmPassword: tooLong }).password).toBe(
      'Password must be at most 72 bytes long (accented letters and emoji count as 2 to 4)',
    );
    const fits = 'Aa1!' + 'x'.repeat(68);
    expect(errorsOf(signupProfileFormSchema, { name: 'Riley', password: fits, confirmPassword: fits }).password).toBeUndefined();
  });
});

describe('login validation', () => {
  it('requires both fields', () => {
    expect(errorsOf(loginFormSchema, { email: ' ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(loginFormSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('reset validation (SPEC §5)', () => {
  const ok = { email: 'reader@example.com', otp: '123456', newPassword: 'Secret-1', confirmPassword: 'Secret-1' };

  it('checks only the fields of the current step and those before it', () => {
    expect(errorsOf(resetFormSchema(1), { ...ok, otp: '', newPassword: '' })).toEqual({});
    expect(errorsOf(resetFormSchema(2), { ...ok, otp: '123' })).toEqual({ otp: 'OTP is required' });
    expect(errorsOf(resetFormSchema(2), { ...ok, otp: '1234' })).toEqual({});
  });

  it('new password: at most 72 bytes', () => {
    const tooLong = 'x'.repeat(73);
    expect(errorsOf(resetFormSchema(3), { ...ok, newPassword: tooLong, confirmPassword: tooLong }).newPassword).toMatch(/at most 72 bytes/);
  });

  it("new password: the server's rule and equal to its confirmation", () => {
    expect(errorsOf(resetFormSchema(3), { ...ok, newPassword: '12345', confirmPassword: '12345' }).newPassword).toBe(
      'Password must be at least 8 characters long',
    );
    expect(errorsOf(resetFormSchema(3), { ...ok, confirmPassword: 'other1' }).confirmPassword).toBe('Passwords do not match');
    expect(errorsOf(resetFormSchema(3), ok)).toEqual({});
    expect(errorsOf(resetFormSchema(3), { ...ok, email: 'nope' }).email).toBe('Invalid email address');
  });
});

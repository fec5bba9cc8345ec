import { describe, expect, it } from 'vitest';
import { hasErrors, otpDigits, validateEmail, validateLogin, validateProfile, validateReset, validateSignupOtp } from './validation';

describe('sign-up validation (SPEC §5)', () => {
  it('e-mail', () => {
    expect(validateEmail('reader@example.com')).toBeUndefined();
    expect(validateEmail('  reader@example.com ')).toBeUndefined();
    for (const bad of ['', 'reader', 'reader@', '@example.com', 'a b@example.com', 'reader@example'])
      expect(validateEmail(bad)).toBe('Invalid email address');
  });

  it('code: digits only while typing, at most 6', () => {
    expect(otpDigits('12a3 4-5678')).toBe('123456');
    expect(otpDigits('abc')).toBe('');
  });

  it('code: exactly 6 digits', () => {
    expect(validateSignupOtp('123456')).toBeUndefined();
    expect(validateSignupOtp('12345')).toBe('OTP must be 6 digits');
    expect(validateSignupOtp('12345a')).toBe('OTP must be 6 digits');
  });

  it('profile: name, password length, confirmation', () => {
    expect(hasErrors(validateProfile({ name: 'Riley', password: 'secret', confirmPassword: 'secret' }))).toBe(false);
    expect(validateProfile({ name: ' R ', password: '12345', confirmPassword: '1234' })).toEqual({
      name: 'Name is required',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('profile: refuses a password longer than the 72 bytes bcrypt reads, counted in bytes', () => {
    const tooLong = 'Aa1!' + 'é'.repeat(35); // 39 characters, 74 bytes
    expect(validateProfile({ name: 'Riley', password: tooLong, confirmPassword: tooLong }).password).toBe(
      'Password must be at most 72 bytes long (accented letters and emoji count as 2 to 4)',
    );
    const fits = 'Aa1!' + 'x'.repeat(68);
    expect(validateProfile({ name: 'Riley', password: fits, confirmPassword: fits }).password).toBeUndefined();
  });
});

describe('login validation', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(hasErrors(validateLogin({ email: 'a@b.co', password: 'x' }))).toBe(false);
  });
});

describe('reset validation (SPEC §5)', () => {
  const ok = { email: 'reader@example.com', otp: '123456', newPassword: 'secret1', confirmPassword: 'secret1' };

  it('checks only the fields of the current step and those before it', () => {
    expect(hasErrors(validateReset({ ...ok, otp: '', newPassword: '' }, 1))).toBe(false);
    expect(validateReset({ ...ok, otp: '123' }, 2)).toEqual({ email: undefined, otp: 'OTP is required' });
    expect(hasErrors(validateReset({ ...ok, otp: '1234' }, 2))).toBe(false);
  });

  it('new password: at most 72 bytes', () => {
    const tooLong = 'x'.repeat(73);
    expect(validateReset({ ...ok, newPassword: tooLong, confirmPassword: tooLong }, 3).newPassword).toMatch(/at most 72 bytes/);
  });

  it('new password: at least 6 characters and equal to its confirmation', () => {
    expect(validateReset({ ...ok, newPassword: '12345', confirmPassword: '12345' }, 3).newPassword).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateReset({ ...ok, confirmPassword: 'other1' }, 3).confirmPassword).toBe('Passwords do not match');
    expect(hasErrors(validateReset(ok, 3))).toBe(false);
    expect(validateReset({ ...ok, email: 'nope' }, 3).email).toBe('Invalid email address');
  });
});

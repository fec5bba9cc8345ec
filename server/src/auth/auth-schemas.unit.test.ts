import { describe, expect, it } from 'vitest';
import { resetPasswordInputSchema, signupInputSchema, verifyOtpInputSchema } from '#shared/schemas/auth';
import { passwordProblems } from '#shared/schemas/password';
import { generateCode, hashCode } from './otp.service';

const TOO_SHORT = 'Password must be at least 8 characters long';
const TOO_LONG = 'Password must be at most 72 bytes long (accented letters and emoji count as 2 to 4)';
const NO_UPPER = 'Password must contain an upper-case letter';
const NO_LOWER = 'Password must contain a lower-case letter';
const NO_DIGIT = 'Password must contain a digit';
const NO_SPECIAL = 'Password must contain a special character (such as ! ? # @ -)';

describe('the password rule (docs/spec/CONTRACT.md §5)', () => {
  it.each([
    ['Abcdef1!', []],
    ['Chronicle#2026', []],
    ['Ünïcødé-Pässwörd9', []],
    ['Abcde1!', [TOO_SHORT]],
    ['abcdefg1!', [NO_UPPER]],
    ['ABCDEFG1!', [NO_LOWER]],
    ['Abcdefgh!', [NO_DIGIT]],
    ['Abcdefgh1', [NO_SPECIAL]],
    ['Abcdefgh 1', [NO_SPECIAL]],
    ['', [TOO_SHORT, NO_UPPER, NO_LOWER, NO_DIGIT, NO_SPECIAL]],
    ['abc', [TOO_SHORT, NO_UPPER, NO_DIGIT, NO_SPECIAL]],
    // Characters, not UTF-16 code units: an emoji is one character (two code units), so this is 6, not 8.
    ['Aa1!😀😀', [TOO_SHORT]],
    ['Aa1!😀😀😀😀', []],
    // bcrypt reads 72 bytes: more would be cut off silently, so they are refused, counted in UTF-8 bytes.
    [`Aa1!${'x'.repeat(69)}`, [TOO_LONG]],
    [`Aa1!${'x'.repeat(68)}`, []],
    [`Aa1!${'é'.repeat(35)}`, [TOO_LONG]],
    [`Aa1!${'é'.repeat(34)}`, []],
  ])('%j breaks %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('reports every broken part of a sign-up password as its own detail, next to other field problems', () => {
    const result = signupInputSchema.safeParse({ name: 'A', email: 'nope', password: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Name must be at least 2 characters',
      'Invalid email address',
      TOO_SHORT,
      NO_UPPER,
      NO_DIGIT,
      NO_SPECIAL,
    ]);
  });

  it('applies the same rule to the new password of a reset', () => {
    const result = resetPasswordInputSchema.safeParse({ email: 'a@example.test', otp: '123456', newPassword: 'abcdefgh' });
    expect(result.error!.issues.map((i) => i.message)).toEqual([NO_UPPER, NO_DIGIT, NO_SPECIAL]);
  });
});

describe('request normalisation', () => {
  it('trims and lower-cases e-mails and trims names', () => {
    expect(signupInputSchema.parse({ name: '  Ada Lovelace ', email: '  Ada@Example.TEST ', password: 'Abcdef1!' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      password: 'Abcdef1!',
    });
  });

  it.each(['12345', '1234567', 'abcdef', '12 456', ''])('refuses the code %j', (otp) => {
    expect(verifyOtpInputSchema.safeParse({ email: 'a@example.test', otp }).error!.issues.map((i) => i.message)).toEqual([
      'OTP must be 6 digits',
    ]);
  });
});

describe('codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('hash to a keyed value bound to the address and purpose', () => {
    const h = hashCode('secret', 'a@example.test', 'signup', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashCode('secret', 'a@example.test', 'signup', '123456')).toBe(h);
    expect(hashCode('other-secret', 'a@example.test', 'signup', '123456')).not.toBe(h);
    expect(hashCode('secret', 'b@example.test', 'signup', '123456')).not.toBe(h);
    expect(hashCode('secret', 'a@example.test', 'reset', '123456')).not.toBe(h);
  });
});

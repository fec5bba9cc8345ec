import { describe, expect, it } from 'vitest';
import { validateNewUser, validateUserEdit } from './validation';

describe('form rules with the exact SPEC.md §5 messages', () => {
  it('new user: the password needs at least 8 characters; the role defaults are the form’s', () => {
    const base = { name: 'Ed Editor', email: 'ed@example.com', role: 'editor' as const, bio: '' };
    expect(validateNewUser({ ...base, password: 'short' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters.' },
    });
    const ok = validateNewUser({ ...base, password: 'long-enough' });
    expect(ok.ok && ok.value).toMatchObject({ name: 'Ed Editor', email: 'ed@example.com', role: 'editor', bio: null });
  });

  it('editing a user ignores the password field', () => {
    expect(validateUserEdit({ name: 'Ed', email: 'ED@Example.com', role: 'author', bio: 'Hi', password: '' })).toEqual({
      ok: true,
      value: { name: 'Ed', email: 'ed@example.com', role: 'author', bio: 'Hi' },
    });
    expect(validateUserEdit({ name: 'Ed', email: 'nope', role: 'author', bio: '', password: '' })).toMatchObject({
      ok: false,
      errors: { email: 'Invalid email address' },
    });
  });
});

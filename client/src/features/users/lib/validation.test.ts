import { describe, expect, it } from 'vitest';
import { userFormSchema } from './validation';

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [String(i.path[0]), i.message]);

describe('the user form’s schema, with the exact docs/spec/SPEC.md §5 messages', () => {
  it('new user: the password follows the one shared rule (sign-up’s); the save has the schema’s output', () => {
    const base = { name: 'Ed Editor', email: 'ed@example.com', role: 'editor' as const, bio: '' };
    expect(firstIssue(userFormSchema(false).safeParse({ ...base, password: 'short' }))).toEqual([
      ['password', 'Password must be at least 8 characters long'],
      ['password', 'Password must contain an upper-case letter'],
      ['password', 'Password must contain a digit'],
      ['password', 'Password must contain a special character (such as ! ? # @ -)'],
    ]);
    expect(firstIssue(userFormSchema(false).safeParse({ ...base, password: 'long-enough' }))).toEqual([
      ['password', 'Password must contain an upper-case letter'],
      ['password', 'Password must contain a digit'],
    ]);
    expect(userFormSchema(false).parse({ ...base, password: 'Long-enough-1' })).toMatchObject({
      name: 'Ed Editor',
      email: 'ed@example.com',
      role: 'editor',
      bio: null,
      password: 'Long-enough-1',
    });
  });

  it('editing a user ignores the password field', () => {
    expect(userFormSchema(true).parse({ name: 'Ed', email: 'ED@Example.com', role: 'author', bio: 'Hi', password: '' })).toEqual({
      name: 'Ed',
      email: 'ed@example.com',
      role: 'author',
      bio: 'Hi',
    });
    expect(firstIssue(userFormSchema(true).safeParse({ name: 'Ed', email: 'nope', role: 'author', bio: '', password: '' }))).toEqual([
      ['email', 'Invalid email address'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { landingFor } from './redirects';

describe('landingFor (SPEC §2 redirects away from /auth)', () => {
  it.each(['super-admin', 'admin', 'editor', 'author'])('%s goes to the dashboard', (role) => {
    expect(landingFor(role)).toBe('/dashboard');
    expect(landingFor(role, '/article/1')).toBe('/dashboard');
  });

  it('a reader goes home, or back to the article they came from', () => {
    expect(landingFor('user')).toBe('/');
    expect(landingFor('user', '/article/abc')).toBe('/article/abc');
  });

  it('never follows an outside or looping target', () => {
    expect(landingFor('user', '//evil.example/x')).toBe('/');
    expect(landingFor('user', 'https://evil.example')).toBe('/');
    expect(landingFor('user', '/auth/reset-password')).toBe('/');
    expect(landingFor('user', 42)).toBe('/');
    expect(landingFor(undefined)).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorDetails, errorMessage, problemFrom } from './errors';

describe('errorMessage (SPEC §8: the server text first)', () => {
  it('prefers the server message, else the generic text', () => {
    expect(errorMessage(new ApiError(401, 'Unauthorized', 'Invalid email or password'), 'Login failed')).toBe('Invalid email or password');
    expect(errorMessage(new ApiError(0, 'Network Error', 'Cannot reach the server.'), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new TypeError('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('problemFrom', () => {
  it('shows a validation failure as its title and the list of details', () => {
    const err = new ApiError(400, 'Validation failed', 'Password must be at least 8 characters long', [
      'Password must be at least 8 characters long',
      'Password must contain a digit',
    ]);
    expect(problemFrom(err, 'Signup completion failed')).toEqual({ message: 'Validation failed', details: errorDetails(err) });
  });

  it('falls back to "Validation failed" when the server gave no title', () => {
    expect(problemFrom(new ApiError(400, 'Error', 'x', ['a']), 'f').message).toBe('Validation failed');
  });

  it('shows other failures by their message', () => {
    expect(problemFrom(new ApiError(409, 'Conflict', 'An account with this email address already exists.'), 'f')).toEqual({
      message: 'An account with this email address already exists.',
      details: [],
    });
  });
});

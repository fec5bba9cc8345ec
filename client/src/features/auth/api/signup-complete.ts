import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signup/complete: creates the account of a verified address (the reader then logs in). */
export function signupComplete(input: { email: string; name: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/signup/complete', input);
}

export function useSignupComplete() {
  return useMutation({ mutationFn: signupComplete });
}

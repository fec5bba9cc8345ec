import { useMutation } from '#client/lib/query-hooks';
import type { SignupCompleteInput } from '#shared/schemas/auth';
import type { AuthResponse } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/signup/complete: creates the account of the address whose code it carries (the reader then logs in). */
export function signupComplete(input: SignupCompleteInput): Promise<AuthResponse> {
  return api.post<AuthResponse>(apiPaths.auth.signupComplete, input);
}

export function useSignupComplete() {
  return useMutation({ mutationFn: signupComplete });
}

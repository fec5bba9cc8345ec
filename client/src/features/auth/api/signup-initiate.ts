import { useMutation } from '#client/lib/query-hooks';
import type { MessageResponse } from './types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/signup/initiate: e-mails a 6-digit code (409 when the address is registered, 429 cooldown). */
export function signupInitiate(input: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>(apiPaths.auth.signupInitiate, input);
}

export function useSignupInitiate() {
  return useMutation({ mutationFn: signupInitiate });
}

import { useMutation } from '#client/lib/query-hooks';
import type { MessageResponse } from './types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/signup/verify-otp: checks the sign-up code. */
export function signupVerifyOtp(input: { email: string; otp: string }): Promise<MessageResponse & { verified: true }> {
  return api.post<MessageResponse & { verified: true }>(apiPaths.auth.signupVerifyOtp, input);
}

export function useSignupVerifyOtp() {
  return useMutation({ mutationFn: signupVerifyOtp });
}

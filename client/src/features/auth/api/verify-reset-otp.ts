import { useMutation } from '#client/lib/query-hooks';
import type { MessageResponse } from './types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/verify-otp: checks the password-reset code. */
export function verifyResetOtp(input: { email: string; otp: string }): Promise<MessageResponse & { verified: true }> {
  return api.post<MessageResponse & { verified: true }>(apiPaths.auth.verifyResetOtp, input);
}

export function useVerifyResetOtp() {
  return useMutation({ mutationFn: verifyResetOtp });
}

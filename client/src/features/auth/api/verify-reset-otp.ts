import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from './types';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-otp: checks the password-reset code. */
export function verifyResetOtp(input: { email: string; otp: string }): Promise<MessageResponse & { verified: true }> {
  return api.post<MessageResponse & { verified: true }>('/api/auth/verify-otp', input);
}

export function useVerifyResetOtp() {
  return useMutation({ mutationFn: verifyResetOtp });
}

import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from './types';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset-password: sets the new password and signs out every earlier session. */
export function resetPassword(input: { email: string; otp: string; newPassword: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

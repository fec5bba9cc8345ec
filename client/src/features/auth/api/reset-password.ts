import { useMutation } from '#client/lib/query-hooks';
import type { MessageResponse } from './types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/reset-password: sets the new password and signs out every earlier session. */
export function resetPassword(input: { email: string; otp: string; newPassword: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>(apiPaths.auth.resetPassword, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

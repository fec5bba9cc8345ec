import { useMutation } from '#client/lib/query-hooks';
import type { MessageResponse } from './types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/forgot-password: the same answer for known and unknown addresses. */
export function forgotPassword(input: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>(apiPaths.auth.forgotPassword, input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

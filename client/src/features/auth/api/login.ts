import { useMutation } from '#client/lib/query-hooks';
import type { AuthResponse } from '#shared/types';
import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/auth/login: 401 wrong credentials, 403 suspended, 429 too many failures. */
export function login(input: { email: string; password: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>(apiPaths.auth.login, input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

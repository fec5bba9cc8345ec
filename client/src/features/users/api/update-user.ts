import type { PublicUser } from '#shared/types';
import { api } from '#client/lib/api-client';
import type { UpdateUserInput } from '#shared/schemas/users';
import { versionTag } from '#shared/schemas/version';
import { requireToken, useUsersMutation } from './users-common';
import * as apiPaths from '#client/config/api-paths';

/** `version`: the one the form was filled from; a stale one is refused (412), never overwritten. */
export async function updateUser(id: string, input: UpdateUserInput, version: number): Promise<PublicUser> {
  requireToken();
  return api.put<PublicUser>(apiPaths.users.one(id), input, { headers: { 'If-Match': versionTag(version) } });
}

export function useUpdateUser() {
  return useUsersMutation(({ id, input, version }: { id: string; input: UpdateUserInput; version: number }) =>
    updateUser(id, input, version),
  );
}

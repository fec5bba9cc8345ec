import { z } from 'zod';

/** Versions are PostgreSQL `integer`s: a larger number names no version that can exist. */
export const VERSION_MAX = 2_147_483_647;

/**
 * The version an edit is based on (optimistic concurrency, docs/decisions/020): the `version` the client
 * loaded with the record. A stale one is refused with 409 and changes nothing.
 */
export const versionSchema = z
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(VERSION_MAX, `version must be at most ${VERSION_MAX}`);

/** The strong ETag of a version, as the server sends it and the dashboard sends back in If-Match. */
export const versionTag = (version: number) => `"v${version}"`;

/** True when an update body carries a field to change besides `version`. */
export const changesSomething = (v: Record<string, unknown>) =>
  Object.entries(v).some(([key, value]) => key !== 'version' && value !== undefined);

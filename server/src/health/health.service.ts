import type { Db } from '../db/client';

/** Resolves once the database has answered a trivial statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

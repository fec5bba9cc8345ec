import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;

export function createDb(url: string, max = 10): Db {
  const adapter = new PrismaPg({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

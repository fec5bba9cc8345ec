import type { BreakingNews } from '#shared/types';
import type { Prisma } from '../generated/prisma/client';
import { iso, roleToWire } from '../lib/wire';

export const breakingNewsSelect = {
  id: true,
  headline: true,
  status: true,
  authorId: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  scheduledAt: true,
  version: true,
  author: { select: { id: true, name: true, role: true } },
} satisfies Prisma.BreakingNewsSelect;

export type BreakingNewsRow = Prisma.BreakingNewsGetPayload<{ select: typeof breakingNewsSelect }>;

export function toBreakingNews(row: BreakingNewsRow): BreakingNews {
  return {
    id: row.id,
    headline: row.headline,
    status: row.status,
    author: { id: row.author.id, name: row.author.name, role: roleToWire(row.author.role) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    scheduledAt: iso(row.scheduledAt),
    version: row.version,
  };
}

/** Newest first for the ticker and the dashboard: last change, then creation (docs/spec/CONTRACT.md §3, docs/spec/SPEC.md §4). */
export const newestFirst = [
  { updatedAt: 'desc' },
  { createdAt: 'desc' },
  { id: 'desc' },
] satisfies Prisma.BreakingNewsOrderByWithRelationInput[];

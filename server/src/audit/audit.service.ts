import { AUDIT_ACTIONS, SYSTEM_ACTOR, type AuditAction } from '#shared/audit';
import { LIMITS } from '#shared/constants';
import type { AuditFilters, AuditQuery } from '#shared/schemas/audit';
import type { AuditActor, AuditEntry, Page } from '#shared/types';
import type { Db, Tx } from '../db/client';
import { Prisma, type Role } from '../generated/prisma/client';
import type { AuthUser } from '../lib/policy';
import { roleToWire } from '../lib/wire';

/**
 * The audit log (docs/decisions/067-audit-log.md). A service that changes content, people or settings calls `audit`
 * with its transaction, after its checks and its writes: the entry commits with the change, and a refused or failed
 * action, which throws before it or rolls back with it, leaves none. Entries are never changed or removed (a trigger of
 * the table's migration refuses it); this module only appends and reads.
 */

/** Who acted: the signed-in caller (with the address of their request), or null for the schedule. */
export type Actor = Pick<AuthUser, 'id' | 'name' | 'role' | 'ip'>;

/** What was acted on, and its title or name at the time. */
export interface Target {
  type: string;
  id?: string | null;
  label: string;
}

/** The fields that changed, each [before, after]. */
export type Changes = Record<string, readonly [before: unknown, after: unknown]>;

/** A lone UTF-16 surrogate, which text may hold but PostgreSQL's jsonb refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** JSON-safe values for the log: dates as ISO strings, text well formed (a lone surrogate as U+FFFD, as PostgreSQL's text stores it). */
const plain = (value: unknown): unknown =>
  value === undefined
    ? null
    : (JSON.parse(
        JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v)),
      ) as unknown);

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** The fields of `after` (those given) whose value differs from `before`'s, as [before, after]. */
export function changed<T extends object>(before: T, after: Partial<T>): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[field];
    if (value !== undefined && !same(was, value)) changes[field] = [was, value];
  }
  return changes;
}

/** The same fields, each null: what a deleted record's fields are after (`changed(before, nulls(before))`). */
export const nulls = <T extends object>(record: T | null): Partial<Record<keyof T, null>> =>
  Object.fromEntries(Object.keys(record ?? {}).map((field) => [field, null])) as Partial<Record<keyof T, null>>;

/** Appends one entry in the action's transaction `tx`. */
export async function audit(tx: Tx, actor: Actor | null, action: AuditAction, target: Target, changes: Changes = {}): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? 'Schedule',
      actorRole: actor?.role ?? null,
      ip: actor?.ip ?? null,
      action,
      targetType: target.type,
      targetId: target.id ?? null,
      targetLabel: target.label,
      changes: Object.fromEntries(
        Object.entries(changes).map(([field, [before, after]]) => [field, [plain(before), plain(after)]]),
      ) as Prisma.InputJsonObject,
    },
    select: { id: true },
  });
}

interface EntryRow {
  id: string;
  at: Date;
  actorId: string | null;
  actorName: string;
  actorRole: Role | null;
  ip: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  changes: Record<string, [unknown, unknown]>;
}

const toEntry = (row: EntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId ? { id: row.actorId, name: row.actorName, role: roleToWire(row.actorRole ?? 'user') } : null,
  ip: row.ip,
  action: row.action,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  changes: Object.entries(row.changes ?? {}).map(([field, [before, after]]) => ({ field, before, after })),
});

const COLUMNS = Prisma.sql`id::text AS id, at, "actorId"::text AS "actorId", "actorName", "actorRole"::text AS "actorRole", ip, action,
  "targetType", "targetId", "targetLabel", changes`;

/** The filters as one SQL condition; days are the newsroom's (`timeZone`). */
function whereOf(filters: AuditFilters, timeZone: string, ...more: Prisma.Sql[]): Prisma.Sql {
  const conditions: Prisma.Sql[] = [...more];
  if (filters.actor === SYSTEM_ACTOR) conditions.push(Prisma.sql`"actorId" IS NULL`);
  else if (filters.actor) conditions.push(Prisma.sql`"actorId" = ${filters.actor}::uuid`);
  if (filters.action) conditions.push(Prisma.sql`action = ${filters.action}`);
  if (filters.targetId) conditions.push(Prisma.sql`"targetId" = ${filters.targetId}`);
  if (filters.from) conditions.push(Prisma.sql`at >= (${filters.from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  if (filters.to) conditions.push(Prisma.sql`at < (${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/**
 * A page of the log, newest first. The total is counted up to the deepest page that can be asked for (an unfiltered
 * count of years of a busy newsroom's log would read all of it for a number nobody pages to).
 */
export async function listAudit(db: Db, query: AuditQuery, timeZone: string): Promise<Page<AuditEntry>> {
  const where = whereOf(query, timeZone);
  const countCap = LIMITS.auditOffsetMax + LIMITS.auditPageMax;
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<
      EntryRow[]
    >`SELECT ${COLUMNS} FROM "AuditEntry" ${where} ORDER BY at DESC, "AuditEntry".id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
    db.$queryRaw<
      [{ total: number }]
    >`SELECT count(*)::int AS total FROM (SELECT 1 FROM "AuditEntry" ${where} LIMIT ${countCap}) AS matched`,
  ]);
  return { data: rows.map(toEntry), pagination: { total, limit: query.limit, offset: query.offset } };
}

/** Everyone who appears in the log, by the name of their latest entry, by name. */
export async function auditActors(db: Db): Promise<AuditActor[]> {
  const rows = await db.$queryRaw<AuditActor[]>`
    SELECT id, name FROM (
      SELECT DISTINCT ON ("actorId") "actorId"::text AS id, "actorName" AS name FROM "AuditEntry"
      WHERE "actorId" IS NOT NULL ORDER BY "actorId", at DESC
    ) AS actors ORDER BY lower(name), id`;
  return rows;
}

const EXPORT_BATCH = 1000;

/**
 * Every entry the filters match, newest first, up to LIMITS.auditExportMax, in batches read one after the other by
 * their place in the log (never an OFFSET), so an export holds one batch in memory at a time.
 */
export async function* exportAudit(db: Db, filters: AuditFilters, timeZone: string): AsyncGenerator<AuditEntry[]> {
  let after: { at: Date; id: string } | undefined;
  for (let sent = 0; sent < LIMITS.auditExportMax;) {
    const take = Math.min(EXPORT_BATCH, LIMITS.auditExportMax - sent);
    const past = after ? [Prisma.sql`("AuditEntry".at, "AuditEntry".id) < (${after.at}, ${after.id}::bigint)`] : [];
    // Ordered by the column, not the text `id` of the answer (which would sort 999 after 1000).
    const rows = await db.$queryRaw<EntryRow[]>`
      SELECT ${COLUMNS} FROM "AuditEntry" ${whereOf(filters, timeZone, ...past)}
      ORDER BY "AuditEntry".at DESC, "AuditEntry".id DESC LIMIT ${take}`;
    if (!rows.length) return;
    yield rows.map(toEntry);
    sent += rows.length;
    if (rows.length < take) return;
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}

/** The CSV's columns: one row per entry, its changes as `field: before → after` lines. */
export const CSV_HEADER = ['When (UTC)', 'Who', 'Role', 'From', 'Action', 'Action key', 'Target type', 'Target', 'Target id', 'Changes'];

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export const csvRow = (entry: AuditEntry): string[] => [
  entry.at,
  entry.actor?.name ?? 'Schedule',
  entry.actor?.role ?? '',
  entry.ip ?? '',
  AUDIT_ACTIONS[entry.action],
  entry.action,
  entry.target.type,
  entry.target.label,
  entry.target.id ?? '',
  entry.changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('\n'),
];

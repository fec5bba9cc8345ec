import { z } from 'zod';
import { AUDIT_ACTION_KEYS, SYSTEM_ACTOR } from '../audit';
import { LIMITS } from '../constants';
import { dayQuery, limitOffsetQuery } from './query';

const ACTOR_MESSAGE = `actor must be a user's id or ${SYSTEM_ACTOR}`;

/** The audit log's filters (docs/decisions/067-audit-log.md): who, what, which record, and a range of days of the newsroom. */
const auditFilters = {
  /** A member of staff's id, or `system` for what the schedule did. */
  actor: z
    .string({ error: ACTOR_MESSAGE })
    .refine((s) => s === SYSTEM_ACTOR || z.uuid().safeParse(s).success, ACTOR_MESSAGE)
    .transform((s) => s.toLowerCase())
    .optional(),
  action: z.enum(AUDIT_ACTION_KEYS, { error: 'action must be one of the audit log’s actions' }).optional(),
  /** The record acted on (an article's id, say): its history. */
  targetId: z.uuid({ error: 'targetId must be a valid id' }).toLowerCase().optional(),
  from: dayQuery('from').optional(),
  to: dayQuery('to').optional(),
};

const fromBeforeTo = { message: 'from must be on or before to', path: ['from'] };

/** GET /api/audit: a page of the log, newest first. */
export const auditQuerySchema = z
  .object({ ...auditFilters, ...limitOffsetQuery(LIMITS.auditPage, LIMITS.auditPageMax, LIMITS.auditOffsetMax) })
  .refine((q) => !q.from || !q.to || q.from <= q.to, fromBeforeTo);
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/audit/export: the same filters, every entry they match (up to LIMITS.auditExportMax), as CSV. */
export const auditExportQuerySchema = z.object(auditFilters).refine((q) => !q.from || !q.to || q.from <= q.to, fromBeforeTo);
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

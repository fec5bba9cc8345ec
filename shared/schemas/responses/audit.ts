import { z } from 'zod';
import { AUDIT_ACTION_KEYS } from '../../audit';
import { ROLES } from '../../constants';
import { pageSchema, wireId, wireTime } from './common';

export const auditEntrySchema = z
  .object({
    id: z.string().describe('The entry’s number, in the order written'),
    at: wireTime,
    actor: z
      .object({ id: wireId, name: z.string().describe('Their name when they acted'), role: z.enum(ROLES) })
      .nullable()
      .describe('Who acted; null: the schedule'),
    ip: z.string().nullable().describe('The address the request came from; null for the schedule'),
    action: z.enum(AUDIT_ACTION_KEYS),
    target: z.object({
      type: z.string().describe('article, breaking-news, category, page, user, comment, commenter or settings'),
      id: z.string().nullable(),
      label: z.string().describe('Its title or name when the action was taken'),
    }),
    changes: z
      .array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }))
      .describe('The fields that changed, with their values before and after'),
  })
  .meta({ id: 'AuditEntry', description: 'One staff action on content, people or settings (docs/decisions/067-audit-log.md)' });

export const auditPageSchema = pageSchema(auditEntrySchema);

export const auditActorsSchema = z
  .object({ data: z.array(z.object({ id: wireId, name: z.string() })) })
  .describe('Everyone who appears in the log, by their latest name there, for the filter');

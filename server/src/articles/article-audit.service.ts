import type { AuditAction } from '#shared/audit';
import type { Tx } from '../db/client';
import { audit, changed, nulls, type Actor } from '../audit/audit.service';

/** What the audit log shows of an article's change (docs/decisions/067-audit-log.md): its workflow, not its text (revisions keep that). */
export const AUDITED_SELECT = {
  title: true,
  status: true,
  publishedAt: true,
  scheduledAt: true,
  unpublishAt: true,
  isFeatured: true,
  isMainStory: true,
  isStory: true,
  storyPriority: true,
  reviewNote: true,
} as const;

export type AuditedFields = Awaited<ReturnType<typeof auditedFields>>;

/** The audited fields as they are, read in the action's transaction before its write (under the row's lock). */
export const auditedFields = (tx: Tx, id: string) => tx.article.findUnique({ where: { id }, select: AUDITED_SELECT });

/** Appends the action's entry: the audited fields that differ from `before`, read again after the write. */
export async function auditArticle(tx: Tx, actor: Actor | null, action: AuditAction, id: string, before: AuditedFields): Promise<void> {
  const after = await auditedFields(tx, id);
  const label = (after ?? before)?.title ?? id;
  // A new article: what it was given, not every flag it starts without.
  const given =
    after && !before ? Object.fromEntries(Object.entries(after).filter(([, v]) => v !== null && v !== false && v !== 0)) : after;
  await audit(tx, actor, action, { type: 'article', id, label }, changed(before ?? {}, given ?? nulls(before)));
}

import { Badge } from '#client/components/ui/badge';

/**
 * Article status (docs/spec/SPEC.md §4), In review (docs/decisions/058-review.md): what waits for an editor, and
 * Scheduled (059-scheduling.md): approved, to go live by itself.
 */
export function ArticleStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'unpublished') return <Badge tone="slate">Unpublished</Badge>;
  if (status === 'review') return <Badge tone="sky">In review</Badge>;
  if (status === 'scheduled') return <Badge tone="violet">Scheduled</Badge>;
  if (status === 'trashed') return <Badge tone="red">In trash</Badge>;
  return <Badge tone="amber">Draft</Badge>;
}

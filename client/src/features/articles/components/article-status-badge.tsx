import { Badge } from '#client/components/ui/badge';

/** Article status (docs/spec/SPEC.md §4), and In review (docs/decisions/058-review.md): what waits for an editor. */
export function ArticleStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'unpublished') return <Badge tone="slate">Unpublished</Badge>;
  if (status === 'review') return <Badge tone="sky">In review</Badge>;
  return <Badge tone="amber">Draft</Badge>;
}

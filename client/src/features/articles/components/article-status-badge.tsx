import { Badge } from '#client/components/ui/badge';

/** Article status: drafts count as pending review (docs/spec/SPEC.md §4). */
export function ArticleStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'unpublished') return <Badge tone="slate">Unpublished</Badge>;
  return (
    <Badge tone="amber" title="Pending review">
      Draft
    </Badge>
  );
}

import { Badge } from '#client/components/ui/badge';

/** Breaking news: published, draft, scheduled (docs/decisions/059-scheduling.md), or pending otherwise (docs/spec/SPEC.md §3). */
export function BreakingNewsStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'draft') return <Badge tone="amber">Draft</Badge>;
  if (status === 'scheduled') return <Badge tone="violet">Scheduled</Badge>;
  return <Badge tone="slate">Pending</Badge>;
}

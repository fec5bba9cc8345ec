import type { ReactNode } from 'react';

const TONES = {
  green: 'bg-emerald-100 text-emerald-800',
  amber: 'bg-amber-100 text-amber-800',
  slate: 'bg-slate-200 text-slate-700',
  red: 'bg-red-100 text-red-800',
  sky: 'bg-sky-100 text-sky-800',
  violet: 'bg-violet-100 text-violet-800',
} as const;

export function Badge({ tone, children, title }: { tone: keyof typeof TONES; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Article status: drafts count as pending review (SPEC.md §4). */
export function ArticleStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'unpublished') return <Badge tone="slate">Unpublished</Badge>;
  return (
    <Badge tone="amber" title="Pending review">
      Draft
    </Badge>
  );
}

/** Breaking news: published, draft, or pending otherwise (SPEC.md §3). */
export function BreakingNewsStatusBadge({ status }: { status: string }) {
  if (status === 'published') return <Badge tone="green">Published</Badge>;
  if (status === 'draft') return <Badge tone="amber">Draft</Badge>;
  return <Badge tone="slate">Pending</Badge>;
}

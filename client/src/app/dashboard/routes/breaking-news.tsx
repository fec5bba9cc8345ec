import { useState } from 'react';
import { holds, mayOn } from '#shared/permissions';
import type { BreakingNews } from '#shared/types';
import { useDashboardBreakingNews } from '#client/features/breaking-news/api/get-dashboard-breaking-news';
import { useDeleteBreakingNews } from '#client/features/breaking-news/api/delete-breaking-news';
import { usePublishBreakingNews } from '#client/features/breaking-news/api/publish-breaking-news';
import { useUnpublishBreakingNews } from '#client/features/breaking-news/api/unpublish-breaking-news';
import { Button } from '#client/components/ui/button';
import { BreakingNewsFormModal } from '#client/features/breaking-news/components/breaking-news-form-modal';
import { AddButton, PageHeader } from '../dashboard-layout';
import { DataTable, type Column } from '#client/components/ui/table';
import { BreakingNewsStatusBadge } from '#client/features/breaking-news/components/breaking-news-status-badge';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { relativeTime } from '#client/lib/dates';
import { breakingNewsMessages } from '#client/features/breaking-news/lib/messages';
import { roleLabel } from '#client/lib/staff-roles';
import { ScheduleActions, ScheduleNote } from '#client/features/scheduling/components/schedule-actions';
import { breakingSchedule } from '../schedule';
import { sendBreakingAlert } from '#client/features/newsletters/api/send-alert';
import { useToast } from '#client/components/ui/toast';
import { errorText } from '#client/lib/error-text';

export function BreakingNewsPage() {
  const { user } = useDashboardUser();
  const may = (permission: 'breaking-news:edit' | 'breaking-news:publish' | 'breaking-news:delete', n: BreakingNews) =>
    mayOn(user, permission, { authorId: n.author.id, status: n.status });
  const news = useDashboardBreakingNews();
  const publish = usePublishBreakingNews();
  const unpublish = useUnpublishBreakingNews();
  const remove = useDeleteBreakingNews();
  const confirmAction = useConfirmAction();
  const toast = useToast();
  const [editing, setEditing] = useState<{ item: BreakingNews | null; key: number } | null>(null);

  const mayEmail = holds(user.role, 'newsletters:send');
  const askPublish = (item: BreakingNews) => {
    // The dialog's box, read when the editor confirms (docs/decisions/069-newsletters.md).
    let alsoEmail = false;
    let emailed = false;
    return confirmAction({
      title: 'Publish Breaking News',
      message: (
        <>
          <p>Publish this headline? It will appear in the breaking-news ticker on the public site.</p>
          {mayEmail && (
            <label className="mt-3 flex items-center gap-2 font-medium text-slate-900">
              <input type="checkbox" className="size-4" onChange={(e) => (alsoEmail = e.target.checked)} />
              Also e-mail it to the subscribers of breaking-news alerts
            </label>
          )}
        </>
      ),
      confirmLabel: 'Publish',
      action: async () => {
        await publish.mutateAsync(item.id);
        if (!alsoEmail) return;
        // Published either way: a refused alert is said after the publication's toast.
        await sendBreakingAlert(item.id).then(
          () => (emailed = true),
          (error: unknown) =>
            setTimeout(() => toast.error(errorText(error, 'The headline is published, but the alert could not be sent.')), 0),
        );
      },
      success: () => (emailed ? 'Breaking news published and e-mailed to the subscribers of alerts.' : 'Breaking news published.'),
      failure: breakingNewsMessages.publishFailed,
    });
  };
  const askUnpublish = (item: BreakingNews) =>
    confirmAction({
      title: 'Unpublish Breaking News',
      message: 'Unpublish this headline? It will be removed from the ticker.',
      confirmLabel: 'Unpublish',
      action: () => unpublish.mutateAsync(item.id),
      success: 'Breaking news unpublished.',
      failure: breakingNewsMessages.unpublishFailed,
    });
  const askDelete = (item: BreakingNews) =>
    confirmAction({
      title: 'Delete Breaking News',
      message: 'Delete this headline? This cannot be undone.',
      confirmLabel: 'Delete',
      tone: 'danger',
      action: () => remove.mutateAsync(item.id),
      success: 'Breaking news deleted.',
      failure: breakingNewsMessages.deleteFailed,
    });

  const columns: Column<BreakingNews>[] = [
    {
      header: 'Headline',
      cell: (n) => (
        <>
          <span className="font-medium text-slate-900">{n.headline}</span>
          <ScheduleNote scheduledAt={n.scheduledAt} />
        </>
      ),
    },
    { header: 'Status', cell: (n) => <BreakingNewsStatusBadge status={n.status} /> },
    {
      header: 'Author',
      hideBelow: 'md',
      cell: (n) => (
        <>
          {n.author.name}
          <span className="block text-xs text-slate-500">{roleLabel(n.author.role)}</span>
        </>
      ),
    },
    {
      header: 'Updated',
      hideBelow: 'sm',
      className: 'whitespace-nowrap',
      cell: (n) => <time dateTime={n.updatedAt}>{relativeTime(n.updatedAt)}</time>,
    },
  ];
  // Each row offers what the API allows on it (shared/permissions.ts): an author edits their own drafts.
  if (holds(user.role, 'breaking-news:edit'))
    columns.push({
      header: 'Actions',
      className: 'w-px text-right whitespace-nowrap',
      cell: (n) => (
        <div className="flex justify-end gap-2">
          {may('breaking-news:edit', n) && (
            <Button
              variant="secondary"
              size="xs"
              onClick={() => setEditing({ item: n, key: Date.now() })}
              aria-label={`Edit "${n.headline}"`}
            >
              Edit
            </Button>
          )}
          {may('breaking-news:publish', n) &&
            (n.status === 'published' ? (
              <Button variant="secondary" size="xs" onClick={() => void askUnpublish(n)} aria-label={`Unpublish "${n.headline}"`}>
                Unpublish
              </Button>
            ) : (
              <Button size="xs" variant="success" onClick={() => void askPublish(n)} aria-label={`Publish "${n.headline}"`}>
                Publish
              </Button>
            ))}
          {may('breaking-news:publish', n) && n.status !== 'published' && (
            <ScheduleActions of={breakingSchedule} target={{ id: n.id, name: n.headline, published: false, scheduledAt: n.scheduledAt }} />
          )}
          {may('breaking-news:delete', n) && (
            <Button size="xs" variant="danger" onClick={() => void askDelete(n)} aria-label={`Delete "${n.headline}"`}>
              Delete
            </Button>
          )}
        </div>
      ),
    });

  return (
    <>
      <PageHeader
        title="Breaking News"
        description="Short headlines for the ticker at the top of every public page; the five newest published ones are shown."
        actions={<AddButton onClick={() => setEditing({ item: null, key: Date.now() })}>Add Breaking News</AddButton>}
      />
      <DataTable
        caption="Breaking news"
        rows={news.data}
        columns={columns}
        rowKey={(n) => n.id}
        loading={news.isPending}
        error={news.error ? breakingNewsMessages.fetchFailed : null}
        empty={breakingNewsMessages.empty}
      />
      {editing && <BreakingNewsFormModal key={editing.key} item={editing.item} onClose={() => setEditing(null)} />}
    </>
  );
}

import type { ReactNode } from 'react';
import { bylineText } from '#shared/byline';
import { useState, type ComponentType } from 'react';
import type { Article, MediaItem } from '#shared/types';
import { useToast } from '#client/components/ui/toast';
import { useAddArticleMedia } from '../api/add-article-media';
import { useDeleteArticleMedia } from '../api/delete-article-media';
import { useArticleMedia } from '../api/get-article-media';
import { useCloseAfterSuccess } from '#client/components/ui/use-close-after-success';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { useStoryActions } from '../hooks/use-story-actions';
import { formatShortDate } from '#client/lib/dates';
import { formatNumber } from '#client/lib/format';
import { errorText } from '#client/lib/error-text';
import { articleMessages } from '../lib/messages';
import type { CategoryField } from './article-fields';
import { Button } from '#client/components/ui/button';
import { MediaPicker } from './media-picker';
import { Dialog } from '#client/components/ui/dialog';
import { RICH_TEXT_CLASS } from './rich-text';
import { ArticleStatusBadge } from './article-status-badge';
import { StoryActionButtons, StoryFlags } from './story-actions';
import { ReviewActions, ReviewNote } from './review-actions';
import { HistoryButton } from './history-button';
import { EditArticleForm } from './edit-article-form';
import { CorrectionsPanel } from './corrections-panel';

function MediaManager({ articleId }: { articleId: string }) {
  const toast = useToast();
  const confirmAction = useConfirmAction();
  const media = useArticleMedia(articleId);
  const add = useAddArticleMedia(articleId);
  const remove = useDeleteArticleMedia(articleId);
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useMediaUploads();

  const uploadAll = async (chosen: File[]) => {
    setFiles(chosen);
    await uploads.uploadAll(chosen, (file, onProgress) => add.mutateAsync({ file, onProgress }), {
      uploaded: (file) => toast.success(`${file.name} uploaded.`),
      failed: (_file, error) => toast.error(errorText(error, articleMessages.uploadMediaFailed)),
    });
    setFiles([]);
    uploads.clear();
  };

  const askDelete = (item: MediaItem) =>
    confirmAction({
      title: 'Delete Media',
      message: 'Delete this media file from the article? This cannot be undone.',
      confirmLabel: 'Delete',
      tone: 'danger',
      action: () => remove.mutateAsync(item.id),
      success: 'Media deleted.',
      failure: articleMessages.deleteMediaFailed,
    });

  return (
    <section aria-label="Media" className="space-y-3">
      <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Media</h3>
      {media.error ? (
        <p className="text-sm text-red-600">{articleMessages.loadMediaFailed}</p>
      ) : media.isPending ? (
        <div className="h-24 animate-pulse rounded bg-slate-100" />
      ) : media.data.length === 0 ? (
        <p className="text-sm text-slate-500">No media uploaded</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {media.data.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-md border border-slate-200">
              {item.type === 'video' ? (
                <video src={item.fileUrl} controls muted className="aspect-video w-full bg-black object-cover" />
              ) : (
                <img src={item.fileUrl} alt="" className="aspect-video w-full object-cover" />
              )}
              <div className="flex items-center justify-between px-2 py-1 text-xs text-slate-600">
                <span className="capitalize">{item.type}</span>
                <button
                  type="button"
                  onClick={() => void askDelete(item)}
                  className="rounded px-1.5 py-0.5 text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${item.type}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MediaPicker files={files} onChange={(chosen) => void uploadAll(chosen)} progress={uploads.progress} disabled={files.length > 0} />
    </section>
  );
}

/**
 * View and edit one article (docs/spec/SPEC.md §2): its text, media management, and for every role except
 * author the publish and story buttons; delete only for admins. `article` is the live list entry, so
 * optimistic changes show here at once.
 */
/** An article's schedule, its buttons or its note (composed by the dashboard: docs/decisions/059-scheduling.md). */
export type ScheduleSlot = ComponentType<{ article: Article; part: 'actions' | 'note' }>;

export function ArticleViewModal({
  article,
  onClose,
  CategoryField,
  Schedule,
  reading,
}: {
  article: Article;
  onClose(): void;
  CategoryField: CategoryField;
  Schedule?: ScheduleSlot;
  /** How far it was read, and a link to its report (composed by the dashboard: docs/decisions/068-reports.md). */
  reading?: ReactNode;
}) {
  const { can } = useDashboardUser();
  const actions = useStoryActions();
  const [editing, setEditing] = useState(false);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);

  return (
    <Dialog open title={editing ? 'Edit Article' : 'Article Details'} onClose={onClose} busy={succeeded} size="xl">
      {editing ? (
        <EditArticleForm article={article} onCancel={() => setEditing(false)} onSaved={succeed} CategoryField={CategoryField} />
      ) : (
        <div className="space-y-5">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <ArticleStatusBadge status={article.status} />
              <StoryFlags article={article} />
            </div>
            <h3 className="font-serif text-2xl font-bold text-slate-900">{article.title}</h3>
            <p className="text-sm text-slate-600">
              By {bylineText(article)} · {article.category.name} · {article.section} · Created {formatShortDate(article.createdAt)}
              {article.publishedAt && <> · Published {formatShortDate(article.publishedAt)}</>} · {formatNumber(article.totalViews)} views
            </p>
            {reading}
          </div>
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-3">
            {/* While in review, its author's text is the editor's to judge: withdraw it to edit (docs/decisions/058-review.md). */}
            {article.status === 'review' && !can.publishArticles ? (
              <span className="text-sm text-slate-600">In review: withdraw it to edit it.</span>
            ) : article.status === 'scheduled' && !can.publishArticles ? (
              <span className="text-sm text-slate-600">Scheduled: an editor must cancel the schedule before it can be changed.</span>
            ) : (
              <Button size="xs" variant="primary" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <ReviewActions article={article} />
            <HistoryButton article={article} />
            {can.manageStories && <StoryActionButtons article={article} actions={actions} />}
            {Schedule && <Schedule article={article} part="actions" />}
            {can.deleteArticles && (
              <Button
                size="xs"
                variant="danger"
                className="ml-auto"
                aria-label="Delete article"
                onClick={() => void actions.remove(article).then((ok) => ok && onClose())}
              >
                Delete
              </Button>
            )}
          </div>
          <ReviewNote article={article} />
          {Schedule && <Schedule article={article} part="note" />}
          {article.summary && <p className="text-lg text-slate-700">{article.summary}</p>}
          {/* The server sanitises article HTML with an allowlist before storing it (docs/spec/CONTRACT.md §4). */}
          <div
            className={`${RICH_TEXT_CLASS} rounded-lg border border-slate-200 p-4`}
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
          <CorrectionsPanel article={article} />
          <MediaManager articleId={article.id} />
        </div>
      )}
    </Dialog>
  );
}

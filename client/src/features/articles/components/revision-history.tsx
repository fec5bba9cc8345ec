import { useMemo, useState } from 'react';
import type { Article, ArticleRevision, RevisionSummary } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { Dialog } from '#client/components/ui/dialog';
import { FormError, Select } from '#client/components/ui/field';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { htmlToText, wordDiff, type DiffPart } from '#client/lib/word-diff';
import { formatWallTime } from '#client/lib/zoned-time';
import { useRestoreRevision, useRevision, useRevisions } from '../api/revisions';
import { ArticleStatusBadge } from './article-status-badge';

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

// No editor: the scheduler's change, or a member of staff deleted since.
const who = (r: Pick<RevisionSummary, 'editor'>) => r.editor?.name ?? 'Scheduler or former staff';
const label = (r: RevisionSummary) => `v${r.version} · ${formatWallTime(r.savedAt)} · ${who(r)} · ${STATUS_WORDS[r.status] ?? r.status}`;

/** Text with its changes marked: added words underlined in green, removed ones struck through in red. */
function Marked({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        // Screen readers announce few <ins>/<del>: each says what it is in words too.
        part.change === 'added' ? (
          <span key={i}>
            <span className="sr-only">[added: </span>
            <ins className="bg-emerald-100 text-emerald-900 decoration-emerald-700">{part.text}</ins>
            <span className="sr-only">]</span>
          </span>
        ) : part.change === 'removed' ? (
          <span key={i}>
            <span className="sr-only">[removed: </span>
            <del className="bg-red-100 text-red-900 decoration-red-700">{part.text}</del>
            <span className="sr-only">]</span>
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** One field's change: marked word by word, or shown as before → after. */
function FieldChange({ name, before, after, words = false }: { name: string; before: string; after: string; words?: boolean }) {
  if (before === after) return null;
  const parts = words ? wordDiff(before, after) : null;
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
      <dt className="text-sm font-semibold text-slate-700">{name}</dt>
      <dd className="text-sm text-slate-900">
        {parts ? (
          <Marked parts={parts} />
        ) : (
          <>
            <del className="bg-red-100 text-red-900">{before || '(none)'}</del> →{' '}
            <ins className="bg-emerald-100 text-emerald-900">{after || '(none)'}</ins>
          </>
        )}
      </dd>
    </div>
  );
}

/** What changed from `before` to `after`: the fields that differ, then the body, word by word. */
export function RevisionDiff({ before, after }: { before: ArticleRevision; after: ArticleRevision }) {
  // Up to 1.5 s on the longest bodies: once per pair, not at every render.
  const { textBefore, textAfter, body } = useMemo(() => {
    const [a, b] = [htmlToText(before.content), htmlToText(after.content)];
    return { textBefore: a, textAfter: b, body: a === b ? [] : wordDiff(a, b) };
  }, [before.content, after.content]);
  // Only the markup changed (a bold word, a list): said, since the text shows nothing.
  const markupOnly = body?.length === 0 && before.content !== after.content;
  const media = (r: ArticleRevision) => r.media.map((m) => m.fileUrl.split('/').pop()).join(', ');
  const fields = [
    <FieldChange key="title" name="Title" before={before.title} after={after.title} words />,
    <FieldChange key="summary" name="Summary" before={before.summary} after={after.summary} words />,
    <FieldChange key="category" name="Category" before={before.categoryName} after={after.categoryName} />,
    <FieldChange key="section" name="Section" before={before.section} after={after.section} />,
    <FieldChange key="status" name="Status" before={STATUS_WORDS[before.status]!} after={STATUS_WORDS[after.status]!} />,
    <FieldChange key="image" name="Image" before={before.imageUrl ?? ''} after={after.imageUrl ?? ''} />,
    <FieldChange key="media" name="Media" before={media(before)} after={media(after)} />,
  ];
  const same =
    body?.length === 0 &&
    !markupOnly &&
    before.title === after.title &&
    before.summary === after.summary &&
    before.categoryName === after.categoryName &&
    before.section === after.section &&
    before.status === after.status &&
    before.imageUrl === after.imageUrl &&
    media(before) === media(after);
  if (same) return <p className="text-sm text-slate-600">These two revisions are the same.</p>;
  return (
    <div className="space-y-4">
      <dl className="space-y-2">{fields}</dl>
      <section aria-label="Body changes" className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-700">Body</h3>
        {body === null ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-600">Too many changes to mark word by word: the two versions, one after the other.</p>
            <div className="grid gap-3 md:grid-cols-2">
              {[textBefore, textAfter].map((text, i) => (
                <p key={i} className="max-h-96 overflow-auto rounded border border-slate-200 p-3 text-sm whitespace-pre-wrap">
                  {text}
                </p>
              ))}
            </div>
          </div>
        ) : body.length === 0 ? (
          <p className="text-sm text-slate-600">{markupOnly ? 'The same words, formatted differently.' : 'No changes in the body.'}</p>
        ) : (
          <p className="max-h-[28rem] overflow-auto rounded border border-slate-200 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800">
            <Marked parts={body} />
          </p>
        )}
      </section>
    </div>
  );
}

/** The revision to compare with first: the last published one before the newest (the review queue), else the one before. */
function firstFrom(list: RevisionSummary[], since: 'previous' | 'published'): RevisionSummary | undefined {
  if (since === 'published') return list.slice(1).find((r) => r.status === 'published') ?? list.at(-1);
  return list[1] ?? list[0];
}

export interface RevisionHistoryProps {
  article: Article;
  /** What the comparison starts from: the revision before the newest, or the last published one. */
  since?: 'previous' | 'published';
  /** Whether the signed-in member of staff may restore (edit) this article. */
  canRestore: boolean;
  onClose(): void;
}

/**
 * An article's history (docs/decisions/060-revisions.md): its revisions, any two compared (fields and body, word by
 * word), and any restored as a new revision.
 */
export default function RevisionHistory({ article, since = 'previous', canRestore, onClose }: RevisionHistoryProps) {
  const revisions = useRevisions(article.id);
  const restore = useRestoreRevision();
  const confirmAction = useConfirmAction();
  const list = revisions.data ?? [];
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const fromId = picked.from ?? firstFrom(list, since)?.id;
  const toId = picked.to ?? list[0]?.id;
  const fromSummary = list.find((r) => r.id === fromId);
  const from = useRevision(article.id, fromSummary);
  const to = useRevision(
    article.id,
    list.find((r) => r.id === toId),
  );
  const neverPublished = since === 'published' && !list.slice(1).some((r) => r.status === 'published');

  const askRestore = (r: RevisionSummary) =>
    confirmAction({
      title: 'Restore Revision',
      message: `Restore v${r.version} of “${article.title}” (${formatWallTime(r.savedAt)}, ${who(r)})? Its title, summary, body, category, section and image become a new revision, and the current one stays in the history; its media stay as they are now.${article.status === 'published' ? ' The article is published: readers see the restored text at once.' : ''}`,
      confirmLabel: 'Restore',
      action: async () => {
        await restore.mutateAsync({ articleId: article.id, revisionId: r.id, version: article.version });
        setPicked({});
      },
      success: `v${r.version} restored as a new revision.`,
      failure: 'Failed to restore the revision',
    });

  return (
    <Dialog open title="History" onClose={onClose} size="xl" description={`“${article.title}”: every saved revision, newest first.`}>
      {revisions.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the history…
        </p>
      ) : revisions.isError ? (
        <FormError message="The history could not be loaded. Close this and try again." />
      ) : (
        <div className="space-y-4">
          {neverPublished && <p className="text-sm text-slate-600">Never published: compared with its first revision.</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <Select label="Compare" value={fromId} onChange={(e) => setPicked({ from: e.target.value, to: toId })}>
              {list.map((r) => (
                <option key={r.id} value={r.id}>
                  {label(r)}
                </option>
              ))}
            </Select>
            <Select label="With" value={toId} onChange={(e) => setPicked({ from: fromId, to: e.target.value })}>
              {list.map((r) => (
                <option key={r.id} value={r.id}>
                  {label(r)}
                </option>
              ))}
            </Select>
          </div>
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">No revision is kept for this article yet.</p>
          ) : from.isError || to.isError ? (
            <FormError message="A revision could not be loaded. Try again." />
          ) : from.data && to.data ? (
            <RevisionDiff before={from.data} after={to.data} />
          ) : (
            <p role="status" className="text-sm text-slate-600">
              Comparing…
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
            {fromSummary && <ArticleStatusBadge status={fromSummary.status} />}
            <span className="text-sm text-slate-600">{fromSummary ? `v${fromSummary.version} by ${who(fromSummary)}` : ''}</span>
            {canRestore && fromSummary && fromSummary.id !== list[0]?.id && (
              <Button
                size="xs"
                variant="primary"
                className="ml-auto"
                disabled={restore.isPending}
                onClick={() => void askRestore(fromSummary)}
              >
                Restore v{fromSummary.version}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

import type { Article } from '#shared/types';
import type { useStoryActions } from '../hooks/use-story-actions';
import { Button } from '#client/components/ui/button';

type Actions = ReturnType<typeof useStoryActions>;

/** Publish, or Unpublish once published; disabled while an action on the article runs. */
export function PublishButton({ article, actions }: { article: Article; actions: Actions }) {
  const published = article.status === 'published';
  return (
    <Button
      variant={published ? 'secondary' : 'success'}
      size="xs"
      onClick={() => actions.togglePublished(article)}
      disabled={actions.pending?.article.id === article.id}
      aria-label={`${published ? 'Unpublish' : 'Publish'} “${article.title}”`}
    >
      {published ? 'Unpublish' : 'Publish'}
    </Button>
  );
}

/** Publish and the story flags for one article; shown only to roles that may use them (not authors). */
export function StoryActionButtons({ article, actions, publish = true }: { article: Article; actions: Actions; publish?: boolean }) {
  const busy = actions.pending?.article.id === article.id;
  const name = `“${article.title}”`;
  return (
    <div className="flex flex-wrap gap-2">
      {publish && <PublishButton article={article} actions={actions} />}
      <Button
        variant="secondary"
        size="xs"
        onClick={() => void actions.toggleStory(article)}
        disabled={busy}
        aria-label={`${article.isStory ? 'Remove story' : 'Mark as story'}: ${name}`}
      >
        {article.isStory ? 'Remove Story' : 'Mark as Story'}
      </Button>
      {article.isStory && article.status === 'published' && (
        <>
          <Button
            variant="secondary"
            size="xs"
            onClick={() => void actions.toggleFeatured(article)}
            disabled={busy}
            aria-label={`${article.isFeatured ? 'Unfeature' : 'Feature'} ${name}`}
          >
            {article.isFeatured ? 'Unfeature' : 'Feature'}
          </Button>
          <Button
            variant="secondary"
            size="xs"
            onClick={() => void actions.toggleMain(article)}
            disabled={busy}
            aria-label={`${article.isMainStory ? 'Remove main' : 'Set as main'} story: ${name}`}
          >
            {article.isMainStory ? 'Remove Main' : 'Set as Main'}
          </Button>
        </>
      )}
      {article.isStory && (
        <Button
          variant="secondary"
          size="xs"
          onClick={() => actions.raisePriority(article)}
          disabled={busy}
          aria-label={`Priority +1 for ${name} (now ${article.storyPriority})`}
        >
          Priority +1 <span className="text-slate-500">({article.storyPriority})</span>
        </Button>
      )}
      {article.isStory && article.status !== 'published' && (
        <span className="self-center text-xs text-slate-500">Only a published story can be featured or be the main story.</span>
      )}
    </div>
  );
}

export function StoryFlags({ article }: { article: Article }) {
  if (!article.isStory) return null;
  return (
    <span className="flex flex-wrap gap-1">
      <span className="rounded bg-violet-100 px-1.5 py-0.5 text-[11px] font-semibold text-violet-800">Story</span>
      {article.isFeatured && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-amber-800">Featured</span>}
      {article.isMainStory && <span className="rounded bg-red-100 px-1.5 py-0.5 text-[11px] font-semibold text-red-800">Main</span>}
    </span>
  );
}

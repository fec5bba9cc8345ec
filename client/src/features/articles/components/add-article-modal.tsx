import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useToast } from '#client/components/ui/toast';
import { useCloseAfterSuccess } from '#client/components/ui/use-close-after-success';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { errorText } from '#client/lib/error-text';
import { addArticleMedia } from '../api/add-article-media';
import { useCreateArticle } from '../api/create-article';
import { refetchArticleLists } from '../api/refetch-article-lists';
import { useArticleForm } from '../hooks/use-article-form';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { articleMessages } from '../lib/messages';
import { firstUploadedImage, validateNewArticle, type ArticleFormValues } from '../lib/validation';
import { ArticleFields, type CategoryField } from './article-fields';
import { MediaPicker } from './media-picker';

const EMPTY: ArticleFormValues = { title: '', summary: '', content: '', categoryId: '', section: 'General', coAuthorIds: [] };

const NO_ONE: { id: string; name: string }[] = [];

/**
 * Add Article: the article is created as a draft, then each chosen file is uploaded to its media with a
 * progress bar. If an upload fails the draft stays, and the modal says so instead of closing.
 */
export function AddArticleModal({ onClose, CategoryField }: { onClose(): void; CategoryField: CategoryField }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useCreateArticle();
  const { user } = useDashboardUser();
  const form = useArticleForm(() => EMPTY, validateNewArticle);
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useMediaUploads();
  const [formError, setFormError] = useState<string | null>(null);
  const [savedWithProblems, setSavedWithProblems] = useState(false);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);
  const pending = create.isPending || uploads.uploading;
  const busy = pending || succeeded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (input === undefined) return;
    setFormError(null);
    let articleId: string;
    try {
      // Without attached media, the first image in the text becomes the card image (docs/spec/SPEC.md §2: media, else imageUrl).
      const imageUrl = files.length ? undefined : (firstUploadedImage(input.content) ?? undefined);
      articleId = (await create.mutateAsync({ ...input, imageUrl })).id;
    } catch (error) {
      const message = errorText(error, articleMessages.addFailed);
      setFormError(message);
      toast.error(message);
      return;
    }
    const failures = await uploads.uploadAll(files, (file, onProgress) => addArticleMedia(articleId, file, onProgress));
    // The list was read when the draft was made: each upload since made a new version with one more media item, and a
    // row left at the old one shows no media and turns the next edit into a false conflict.
    if (files.length > failures.length) await refetchArticleLists(queryClient, 'full');
    if (failures.length) {
      const failed = failures.map(({ file, error }) => `${file.name}: ${errorText(error, articleMessages.uploadMediaFailed)}`);
      const message = `${articleMessages.uploadMediaFailed}. The article was saved as a draft without: ${failed.join('; ')}`;
      setFormError(message);
      setSavedWithProblems(true);
      toast.error(articleMessages.uploadMediaFailed);
      return;
    }
    toast.success('Article added successfully. It is saved as a draft.');
    succeed();
  };

  return (
    <FormDialog
      title="Add Article"
      size="xl"
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending, succeeded }}
      formError={formError}
      submitLabel="Add Article"
      pendingLabel={uploads.uploading ? 'Uploading media…' : 'Saving…'}
      finished={savedWithProblems}
    >
      <ArticleFields
        {...form.fields}
        disabled={busy || savedWithProblems}
        CategoryField={CategoryField}
        byline={{ authorId: user.id, named: NO_ONE }}
      />
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">Media (optional)</p>
        <MediaPicker files={files} onChange={setFiles} progress={uploads.progress} disabled={busy || savedWithProblems} />
      </div>
    </FormDialog>
  );
}

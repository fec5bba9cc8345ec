import { useState, type FormEvent } from 'react';
import { useToast } from '#client/components/ui/toast';
import { addArticleMedia } from '../api/add-article-media';
import { useCreateArticle } from '../api/create-article';
import { useCloseAfterSuccess } from '#client/components/ui/use-close-after-success';
import { errorText } from '#client/lib/error-text';
import { articleMessages } from '../lib/messages';
import type { FieldErrors } from '#client/lib/validation';
import { firstUploadedImage, validateNewArticle, type ArticleFormValues } from '../lib/validation';
import { ArticleFields, type CategoryField } from './article-fields';
import { Button } from '#client/components/ui/button';
import { FormError } from '#client/components/ui/field';
import { MediaPicker } from './media-picker';
import { Dialog } from '#client/components/ui/dialog';

const EMPTY: ArticleFormValues = { title: '', summary: '', content: '', categoryId: '', section: 'General' };

/**
 * Add Article: the article is created as a draft, then each chosen file is uploaded to its media with a
 * progress bar. If an upload fails the draft stays, and the modal says so instead of closing.
 */
export function AddArticleModal({ onClose, CategoryField }: { onClose(): void; CategoryField: CategoryField }) {
  const toast = useToast();
  const create = useCreateArticle();
  const [values, setValues] = useState<ArticleFormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof ArticleFormValues>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [uploadingMedia, setUploadingMedia] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [savedWithProblems, setSavedWithProblems] = useState(false);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);
  const pending = create.isPending || uploadingMedia;
  const busy = pending || succeeded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateNewArticle(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    let articleId: string;
    try {
      // Without attached media, the first image in the text becomes the card image (docs/spec/SPEC.md §2: media, else imageUrl).
      const imageUrl = files.length ? undefined : (firstUploadedImage(result.value.content) ?? undefined);
      articleId = (await create.mutateAsync({ ...result.value, imageUrl })).id;
    } catch (error) {
      const message = errorText(error, articleMessages.addFailed);
      setFormError(message);
      toast.error(message);
      return;
    }
    setUploadingMedia(true);
    const failed: string[] = [];
    for (const [i, file] of files.entries()) {
      setProgress((p) => ({ ...p, [i]: 0 }));
      try {
        await addArticleMedia(articleId, file, (fraction) => setProgress((p) => ({ ...p, [i]: fraction })));
        setProgress((p) => ({ ...p, [i]: 1 }));
      } catch (error) {
        failed.push(`${file.name}: ${errorText(error, articleMessages.uploadMediaFailed)}`);
      }
    }
    setUploadingMedia(false);
    if (failed.length) {
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
    <Dialog open title="Add Article" onClose={onClose} busy={busy} size="xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={formError} />
        <ArticleFields
          values={values}
          errors={errors}
          onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
          disabled={busy || savedWithProblems}
          CategoryField={CategoryField}
        />
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-800">Media (optional)</p>
          <MediaPicker files={files} onChange={setFiles} progress={progress} disabled={busy || savedWithProblems} />
        </div>
        <div className="flex justify-end gap-2">
          {savedWithProblems ? (
            <Button variant="primary" onClick={onClose}>
              Close
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={busy}>
                {succeeded ? 'Saved!' : uploadingMedia ? 'Uploading media…' : create.isPending ? 'Saving…' : 'Add Article'}
              </Button>
            </>
          )}
        </div>
      </form>
    </Dialog>
  );
}

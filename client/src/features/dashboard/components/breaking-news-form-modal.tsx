import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import type { BreakingNews } from '../../../../../shared/types';
import { useToast } from '../../../components/ui/toast';
import { useCreateBreakingNews } from '../api/create-breaking-news';
import { useUpdateBreakingNews } from '../api/update-breaking-news';
import { useCloseAfterSuccess } from '../hooks/use-close-after-success';
import { errorText, MESSAGES } from '../lib/messages';
import { validateBreakingNews } from '../lib/validation';
import { Button } from './button';
import { FormError, TextInput } from './form-field';
import { Modal } from './modal';

export function BreakingNewsFormModal({ item, onClose }: { item: BreakingNews | null; onClose(): void }) {
  const toast = useToast();
  const create = useCreateBreakingNews();
  const update = useUpdateBreakingNews();
  const [headline, setHeadline] = useState(item?.headline ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const { succeeded, succeed } = useCloseAfterSuccess(onClose);
  const pending = create.isPending || update.isPending;
  const busy = pending || succeeded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateBreakingNews({ headline });
    if (!result.ok) {
      setFieldError(result.errors.headline);
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    try {
      if (item) await update.mutateAsync({ id: item.id, headline: result.value.headline });
      else await create.mutateAsync({ headline: result.value.headline });
      toast.success(item ? 'Breaking news updated successfully.' : 'Breaking news added successfully.');
      succeed();
    } catch (error) {
      const message = errorText(error, item ? MESSAGES.breakingNews.updateFailed : MESSAGES.breakingNews.formFailed);
      setFormError(message);
      toast.error(message);
    }
  };

  return (
    <Modal open title={item ? 'Edit Breaking News' : 'Add Breaking News'} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={formError} />
        <TextInput
          label="Headline"
          name="headline"
          value={headline}
          maxLength={LIMITS.headlineMax}
          onChange={(e) => setHeadline(e.target.value)}
          error={fieldError}
          hint={
            <span aria-live="polite" data-testid="headline-counter">
              {headline.length}/{LIMITS.headlineMax}
            </span>
          }
          autoComplete="off"
          data-autofocus
        />
        <p className="text-xs text-slate-500">New breaking news is saved as a draft; an editor publishes it to the ticker.</p>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !headline.trim()}>
            {succeeded ? 'Saved!' : pending ? 'Saving…' : item ? 'Save Changes' : 'Add Breaking News'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

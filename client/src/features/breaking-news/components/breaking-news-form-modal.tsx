import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import type { BreakingNews } from '../../../../../shared/types';
import { useCreateBreakingNews } from '../api/create-breaking-news';
import { refetchBreakingNews } from '../api/refetch-breaking-news';
import { getBreakingNewsItem } from '../api/get-breaking-news';
import { useUpdateBreakingNews } from '../api/update-breaking-news';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { breakingNewsMessages } from '../lib/messages';
import { validateBreakingNews } from '../lib/validation';
import { Button } from '../../../components/ui/button';
import { FormError, Field } from '../../../components/ui/field';
import { Dialog } from '../../../components/ui/dialog';
import { ReloadLatest } from '../../../components/ui/reload-latest';

export function BreakingNewsFormModal({ item, onClose }: { item: BreakingNews | null; onClose(): void }) {
  const create = useCreateBreakingNews();
  const update = useUpdateBreakingNews();
  const queryClient = useQueryClient();
  const [headline, setHeadline] = useState(item?.headline ?? '');
  // The version the form was filled from: the save names it, so it never overwrites someone else's change.
  const [version, setVersion] = useState(item?.version ?? 0);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { formError, stale, clearError, succeeded, save } = useFormSubmit(onClose, 'breaking news item');
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
    const { headline: value } = result.value;
    await save(
      () => (item ? update.mutateAsync({ id: item.id, headline: value, version }) : create.mutateAsync({ headline: value })),
      item ? 'Breaking news updated successfully.' : 'Breaking news added successfully.',
      item ? breakingNewsMessages.updateFailed : breakingNewsMessages.formFailed,
    );
  };

  const reload = async () => {
    if (!item) return;
    const latest = await getBreakingNewsItem(item.id);
    setHeadline(latest.headline);
    setVersion(latest.version);
    clearError();
    void refetchBreakingNews(queryClient);
  };

  return (
    <Dialog open title={item ? 'Edit Breaking News' : 'Add Breaking News'} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={formError} />
        {stale && <ReloadLatest onReload={reload} />}
        <Field
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
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !headline.trim()}>
            {succeeded ? 'Saved!' : pending ? 'Saving…' : item ? 'Save Changes' : 'Add Breaking News'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../../shared/constants';
import { breakingNewsInputSchema } from '../../../../../shared/schemas/breaking-news';
import type { BreakingNews } from '../../../../../shared/types';
import { useCreateBreakingNews } from '../api/create-breaking-news';
import { refetchBreakingNews } from '../api/refetch-breaking-news';
import { getBreakingNewsItem } from '../api/get-dashboard-breaking-news';
import { useUpdateBreakingNews } from '../api/update-breaking-news';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { breakingNewsMessages } from '../lib/messages';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FORM_OPTIONS } from '../../../lib/form-options';

export function BreakingNewsFormModal({ item, onClose }: { item: BreakingNews | null; onClose(): void }) {
  const create = useCreateBreakingNews();
  const update = useUpdateBreakingNews();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm({ ...FORM_OPTIONS, resolver: zodResolver(breakingNewsInputSchema), defaultValues: { headline: item?.headline ?? '' } });
  const headline = useWatch({ control, name: 'headline' });
  // The version the form was filled from: the save names it, so it never overwrites someone else's change.
  const [version, setVersion] = useState(item?.version ?? 0);
  const { formError, stale, clearError, succeeded, save } = useFormSubmit(onClose, 'breaking news item');
  const pending = create.isPending || update.isPending;

  const submit = handleSubmit(async ({ headline: value }) => {
    await save(
      () => (item ? update.mutateAsync({ id: item.id, headline: value, version }) : create.mutateAsync({ headline: value })),
      item ? 'Breaking news updated successfully.' : 'Breaking news added successfully.',
      item ? breakingNewsMessages.updateFailed : breakingNewsMessages.formFailed,
    );
  });

  const reload = async () => {
    if (!item) return;
    const latest = await getBreakingNewsItem(item.id);
    setValue('headline', latest.headline);
    setVersion(latest.version);
    clearError();
    void refetchBreakingNews(queryClient);
  };

  return (
    <FormDialog
      title={item ? 'Edit Breaking News' : 'Add Breaking News'}
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending, succeeded }}
      formError={formError}
      onReload={stale ? reload : undefined}
      submitLabel={item ? 'Save Changes' : 'Add Breaking News'}
      canSubmit={!!headline.trim()}
    >
      <Field
        label="Headline"
        maxLength={LIMITS.headlineMax}
        {...register('headline')}
        error={errors.headline?.message}
        hint={
          <span aria-live="polite" data-testid="headline-counter">
            {headline.length}/{LIMITS.headlineMax}
          </span>
        }
        autoComplete="off"
        data-autofocus
      />
      <p className="text-xs text-slate-500">New breaking news is saved as a draft; an editor publishes it to the ticker.</p>
    </FormDialog>
  );
}

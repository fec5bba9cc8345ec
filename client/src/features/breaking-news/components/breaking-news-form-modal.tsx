import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/constants';
import { breakingNewsInputSchema } from '#shared/schemas/breaking-news';
import type { BreakingNews } from '#shared/types';
import { useCreateBreakingNews } from '../api/create-breaking-news';
import { refetchBreakingNews } from '../api/refetch-breaking-news';
import { getBreakingNewsItem } from '../api/get-dashboard-breaking-news';
import { useUpdateBreakingNews } from '../api/update-breaking-news';
import { breakingNewsMessages } from '../lib/messages';
import { Field } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useRecordForm } from '#client/components/ui/use-record-form';

export function BreakingNewsFormModal({ item, onClose }: { item: BreakingNews | null; onClose(): void }) {
  const create = useCreateBreakingNews();
  const update = useUpdateBreakingNews();
  const queryClient = useQueryClient();
  const { form, field, dialog } = useRecordForm({
    record: item,
    schema: breakingNewsInputSchema,
    values: (n) => ({ headline: n?.headline ?? '' }),
    what: 'breaking news item',
    create: ({ headline }) => create.mutateAsync({ headline }),
    update: (n, { headline }, version) => update.mutateAsync({ id: n.id, headline, version }),
    pending: create.isPending || update.isPending,
    messages: {
      created: 'Breaking news added successfully.',
      updated: 'Breaking news updated successfully.',
      createFailed: breakingNewsMessages.formFailed,
      updateFailed: breakingNewsMessages.updateFailed,
    },
    latest: getBreakingNewsItem,
    reloaded: () => void refetchBreakingNews(queryClient),
    onClose,
  });
  const headline = useWatch({ control: form.control, name: 'headline' });

  return (
    <FormDialog
      title={item ? 'Edit Breaking News' : 'Add Breaking News'}
      {...dialog}
      submitLabel={item ? 'Save Changes' : 'Add Breaking News'}
      canSubmit={!!headline.trim()}
    >
      <Field
        label="Headline"
        maxLength={LIMITS.headlineMax}
        {...field('headline')}
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

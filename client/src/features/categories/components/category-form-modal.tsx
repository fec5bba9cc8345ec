import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/constants';
import { categoryInputSchema, categoryNameSchema } from '#shared/schemas/categories';
import type { Category } from '#shared/types';
import { useCreateCategory } from '../api/create-category';
import { getCategory } from '../api/get-category';
import { reloadCategories } from '../api/reload-categories';
import { useUpdateCategory } from '../api/update-category';
import { categoryMessages } from '../lib/messages';
import { Field } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useRecordForm } from '#client/components/ui/use-record-form';

/** Add or edit a category: the form is remounted per opening (keyed by the caller), so it starts fresh. */
export function CategoryFormModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const queryClient = useQueryClient();
  const { form, field, dialog } = useRecordForm({
    record: category,
    schema: categoryInputSchema,
    values: (c) => ({ name: c?.name ?? '' }),
    what: 'category',
    create: ({ name }) => create.mutateAsync({ name }),
    update: (c, { name }, version) => update.mutateAsync({ id: c.id, name, version }),
    pending: create.isPending || update.isPending,
    messages: {
      created: 'Category added successfully.',
      updated: 'Category updated successfully.',
      createFailed: categoryMessages.formFailed,
      updateFailed: categoryMessages.updateFailed,
    },
    latest: getCategory,
    reloaded: () => void reloadCategories(queryClient),
    onClose,
  });
  const name = useWatch({ control: form.control, name: 'name' });

  return (
    <FormDialog title={category ? 'Edit Category' : 'Add Category'} size="sm" {...dialog} submitLabel={category ? 'Save Changes' : 'Add Category'}>
      <Field
        label="Category name"
        {...field('name')}
        hint={`${name.trim().length}/${LIMITS.categoryNameMax}`}
        maxLength={categoryNameSchema.maxLength ?? undefined}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}

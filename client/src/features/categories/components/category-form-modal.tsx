import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../../../shared/constants';
import { categoryInputSchema } from '../../../../../shared/schemas/categories';
import type { Category } from '../../../../../shared/types';
import { useCreateCategory } from '../api/create-category';
import { getCategory } from '../api/get-category';
import { reloadCategories } from '../api/reload-categories';
import { useUpdateCategory } from '../api/update-category';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { categoryMessages } from '../lib/messages';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FORM_OPTIONS } from '../../../lib/form-options';

/** Add or edit a category: the form is remounted per opening (keyed by the caller), so it starts fresh. */
export function CategoryFormModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm({ ...FORM_OPTIONS, resolver: zodResolver(categoryInputSchema), defaultValues: { name: category?.name ?? '' } });
  const name = useWatch({ control, name: 'name' });
  // The version the form was filled from: the save names it, so it never overwrites someone else's change.
  const [version, setVersion] = useState(category?.version ?? 0);
  const { formError, stale, clearError, succeeded, save } = useFormSubmit(onClose, 'category');
  const pending = create.isPending || update.isPending;

  const submit = handleSubmit(async ({ name: value }) => {
    await save(
      () => (category ? update.mutateAsync({ id: category.id, name: value, version }) : create.mutateAsync({ name: value })),
      category ? 'Category updated successfully.' : 'Category added successfully.',
      category ? categoryMessages.updateFailed : categoryMessages.formFailed,
    );
  });

  const reload = async () => {
    if (!category) return;
    const latest = await getCategory(category.id);
    setValue('name', latest.name);
    setVersion(latest.version);
    clearError();
    void reloadCategories(queryClient);
  };

  return (
    <FormDialog
      title={category ? 'Edit Category' : 'Add Category'}
      size="sm"
      onClose={onClose}
      onSubmit={submit}
      busy={{ pending, succeeded }}
      formError={formError}
      onReload={stale ? reload : undefined}
      submitLabel={category ? 'Save Changes' : 'Add Category'}
    >
      <Field
        label="Category name"
        {...register('name')}
        error={errors.name?.message}
        hint={`${name.trim().length}/${LIMITS.categoryNameMax}`}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}

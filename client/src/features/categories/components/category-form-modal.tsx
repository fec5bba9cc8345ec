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
import { Button } from '../../../components/ui/button';
import { FormError, Field } from '../../../components/ui/field';
import { Dialog } from '../../../components/ui/dialog';
import { ReloadLatest } from '../../../components/ui/reload-latest';
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
  const busy = pending || succeeded;

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
    <Dialog open title={category ? 'Edit Category' : 'Add Category'} onClose={onClose} busy={busy} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={formError} />
        {stale && <ReloadLatest onReload={reload} />}
        <Field
          label="Category name"
          {...register('name')}
          error={errors.name?.message}
          hint={`${name.trim().length}/${LIMITS.categoryNameMax}`}
          autoComplete="off"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {succeeded ? 'Saved!' : pending ? 'Saving…' : category ? 'Save Changes' : 'Add Category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

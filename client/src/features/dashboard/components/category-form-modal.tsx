import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import type { Category } from '../../../../../shared/types';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { useFormSubmit } from '../hooks/use-form-submit';
import { MESSAGES } from '../lib/messages';
import { validateCategory } from '../lib/validation';
import { Button } from './button';
import { FormError, TextInput } from './form-field';
import { Modal } from './modal';

/** Add or edit a category: the form is remounted per opening (keyed by the caller), so it starts fresh. */
export function CategoryFormModal({ category, onClose }: { category: Category | null; onClose(): void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { formError, succeeded, save } = useFormSubmit(onClose);
  const pending = create.isPending || update.isPending;
  const busy = pending || succeeded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateCategory({ name });
    if (!result.ok) {
      setFieldError(result.errors.name);
      return;
    }
    setFieldError(undefined);
    const { name: value } = result.value;
    await save(
      () => (category ? update.mutateAsync({ id: category.id, name: value }) : create.mutateAsync({ name: value })),
      category ? 'Category updated successfully.' : 'Category added successfully.',
      category ? MESSAGES.categories.updateFailed : MESSAGES.categories.formFailed,
    );
  };

  return (
    <Modal open title={category ? 'Edit Category' : 'Add Category'} onClose={onClose} busy={busy} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={formError} />
        <TextInput
          label="Category name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
          hint={`${name.trim().length}/${LIMITS.categoryNameMax}`}
          autoComplete="off"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {succeeded ? 'Saved!' : pending ? 'Saving…' : category ? 'Save Changes' : 'Add Category'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import type { Category } from '#shared/types';
import { useDashboardCategories } from '#client/features/categories/api/get-dashboard-categories';
import { useDeleteCategory } from '#client/features/categories/api/delete-category';
import { Button } from '#client/components/ui/button';
import { CategoryFormModal } from '#client/features/categories/components/category-form-modal';
import { AddButton, PageHeader } from '../dashboard-layout';
import { DataTable, type Column } from '#client/components/ui/table';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { categoryMessages } from '#client/features/categories/lib/messages';

export function CategoriesPage() {
  const categories = useDashboardCategories();
  const remove = useDeleteCategory();
  const confirmAction = useConfirmAction();
  const [editing, setEditing] = useState<{ category: Category | null; key: number } | null>(null);

  const askDelete = (category: Category) =>
    confirmAction({
      title: 'Delete Category',
      message: (
        <>
          Delete the category <strong>{category.name}</strong>? This cannot be undone.
        </>
      ),
      confirmLabel: 'Delete',
      tone: 'danger',
      action: () => remove.mutateAsync(category.id),
      success: 'Category deleted successfully.',
      failure: categoryMessages.deleteFailed,
    });

  const columns: Column<Category>[] = [
    { header: 'Name', cell: (c) => <span className="font-medium text-slate-900">{c.name}</span> },
    { header: 'Slug', cell: (c) => <code className="text-xs text-slate-600">{c.slug}</code>, hideBelow: 'sm' },
    ...(categories.data?.some((c) => c.articleCount !== undefined)
      ? [{ header: 'Articles', cell: (c: Category) => c.articleCount ?? '—' }]
      : []),
    {
      header: 'Actions',
      className: 'w-px text-right whitespace-nowrap',
      cell: (c) => (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="xs" onClick={() => setEditing({ category: c, key: Date.now() })} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="danger" onClick={() => void askDelete(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Categories"
        description="The categories readers browse by; a category with articles cannot be deleted."
        actions={<AddButton onClick={() => setEditing({ category: null, key: Date.now() })}>Add Category</AddButton>}
      />
      <DataTable
        caption="Categories"
        rows={categories.data}
        columns={columns}
        rowKey={(c) => c.id}
        loading={categories.isPending}
        error={categories.error ? categoryMessages.fetchFailed : null}
        empty={categoryMessages.empty}
      />
      {editing && <CategoryFormModal key={editing.key} category={editing.category} onClose={() => setEditing(null)} />}
    </>
  );
}

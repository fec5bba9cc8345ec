import { Select } from '#client/components/ui/field';
import { useDashboardCategories } from '../api/get-dashboard-categories';
import { categoryMessages } from '../lib/messages';

/** The category field of the article form (docs/spec/SPEC.md §5): the categories, in name order. */
export function CategorySelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange(categoryId: string): void;
  error?: string;
  disabled?: boolean;
}) {
  const categories = useDashboardCategories();
  return (
    <Select
      label="Category"
      name="categoryId"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? (categories.error ? categoryMessages.fetchFailed : undefined)}
      disabled={disabled}
    >
      <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
      {categories.data?.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}

import { LIMITS, SECTIONS } from '../../../../../shared/constants';
import { useCategories } from '../../categories/api/get-categories.dashboard';
import { MESSAGES } from '../../../lib/error-text';
import type { ArticleFormValues, FieldErrors } from '../../../lib/validation';
import { Select, TextArea, TextInput } from '../../../components/ui/dashboard/form-field';
import { RichTextField } from './lazy-rich-text-editor';

interface ArticleFieldsProps {
  values: ArticleFormValues;
  errors: FieldErrors<keyof ArticleFormValues>;
  onChange<K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]): void;
  disabled?: boolean;
}

/** Title, summary, text (rich-text editor), category and section: the article form of SPEC.md §5. */
export function ArticleFields({ values, errors, onChange, disabled }: ArticleFieldsProps) {
  const categories = useCategories();
  return (
    <div className="space-y-4">
      <TextInput
        label="Title"
        name="title"
        value={values.title}
        maxLength={LIMITS.titleMax}
        onChange={(e) => onChange('title', e.target.value)}
        error={errors.title}
        disabled={disabled}
        data-autofocus
      />
      <TextArea
        label="Summary"
        name="summary"
        rows={2}
        value={values.summary}
        maxLength={LIMITS.summaryMax}
        onChange={(e) => onChange('summary', e.target.value)}
        error={errors.summary}
        disabled={disabled}
        hint={`${values.summary.length}/${LIMITS.summaryMax}`}
      />
      <RichTextField
        label="Content"
        value={values.content}
        onChange={(html) => onChange('content', html)}
        error={errors.content}
        disabled={disabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Category"
          name="categoryId"
          value={values.categoryId}
          onChange={(e) => onChange('categoryId', e.target.value)}
          error={errors.categoryId ?? (categories.error ? MESSAGES.categories.fetchFailed : undefined)}
          disabled={disabled}
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select
          label="Section"
          name="section"
          value={values.section}
          onChange={(e) => onChange('section', e.target.value)}
          error={errors.section}
          disabled={disabled}
        >
          <option value="">Select a section</option>
          {SECTIONS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

import type { ComponentType } from 'react';
import { LIMITS, SECTIONS } from '#shared/constants';
import type { FieldErrors } from '#client/lib/validation';
import type { ArticleFormValues } from '../lib/validation';
import { Select, TextArea, Field } from '#client/components/ui/field';
import { RichTextField } from './lazy-rich-text-editor';
import { CoAuthorsField, type CoAuthorsFieldProps } from './co-authors-field';

/** The category picker, given by the page: the categories feature owns the list. */
export type CategoryField = ComponentType<{ value: string; onChange(categoryId: string): void; error?: string; disabled?: boolean }>;

interface ArticleFieldsProps {
  values: ArticleFormValues;
  errors: FieldErrors<keyof ArticleFormValues>;
  onChange<K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]): void;
  disabled?: boolean;
  CategoryField: CategoryField;
  /** Whose byline it is: its author (the co-authors' list leaves them out) and the co-authors named already. */
  byline: Pick<CoAuthorsFieldProps, 'authorId' | 'named'>;
}

/**
 * Title, summary, text (rich-text editor), category and section: the article form of docs/spec/SPEC.md §5; and its
 * co-authors (docs/decisions/064-co-authors.md).
 */
export function ArticleFields({ values, errors, onChange, disabled, CategoryField, byline }: ArticleFieldsProps) {
  return (
    <div className="space-y-4">
      <Field
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
        <CategoryField
          value={values.categoryId}
          onChange={(categoryId) => onChange('categoryId', categoryId)}
          error={errors.categoryId}
          disabled={disabled}
        />
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
      <CoAuthorsField
        value={values.coAuthorIds}
        onChange={(ids) => onChange('coAuthorIds', ids)}
        error={errors.coAuthorIds}
        disabled={disabled}
        {...byline}
      />
    </div>
  );
}

import { useState } from 'react';
import type { FieldErrors, Result } from '#client/lib/validation';
import type { ArticleFormValues } from '../lib/validation';

/**
 * The state of an article form (docs/spec/SPEC.md §5): its values, and their errors once checked. `check` applies
 * the form's rules and shows what is wrong, answering the valid input or undefined; `fields` are ArticleFields' props.
 */
export function useArticleForm<T>(initial: () => ArticleFormValues, validate: (values: ArticleFormValues) => Result<T>) {
  const [values, setValues] = useState<ArticleFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof ArticleFormValues>>({});
  const onChange = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const check = (): T | undefined => {
    const result = validate(values);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.value : undefined;
  };
  return { fields: { values, errors, onChange }, setValues, check };
}

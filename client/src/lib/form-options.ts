import type { UseFormProps } from 'react-hook-form';

/**
 * How every react-hook-form form checks (docs/spec/SPEC.md §5): when submitted, and again only at the next submit;
 * the focus stays where the person left it, the errors being read out with each field.
 */
export const FORM_OPTIONS = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies Partial<UseFormProps>;

import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Field } from '#client/components/ui/field';
import { NewPasswordField } from '#client/components/ui/new-password-field';
import type { Problem } from '../hooks/use-step-form';
import { SIGNUP_OTP_LENGTH, otpDigits } from '../lib/forms';

/** What the last step's request answered: a problem in red (its details as bullets), else a success in green. */
export function StepMessages({ problem, success }: { problem: Problem | null; success: string | null }) {
  return (
    <>
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {success && !problem && <SuccessBox>{success}</SuccessBox>}
    </>
  );
}

/** The e-mailed code: only digits are taken while typing, at most SIGNUP_OTP_LENGTH of them (docs/spec/SPEC.md §5). */
export function CodeField({
  registration,
  ...input
}: { registration: UseFormRegisterReturn } & Omit<ComponentProps<typeof Field>, 'label' | 'name' | 'ref' | 'onChange' | 'onBlur'>) {
  return (
    <Field
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SIGNUP_OTP_LENGTH}
      {...registration}
      onChange={(e) => {
        e.target.value = otpDigits(e.target.value);
        void registration.onChange(e);
      }}
      {...input}
    />
  );
}

/** A new password, with the server's rule as a live checklist, and its confirmation ('Confirm <label>'). */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  errors,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}) {
  return (
    <>
      <NewPasswordField label={label} {...password} error={errors.password} />
      <Field label={`Confirm ${label}`} type="password" autoComplete="new-password" {...confirmation} error={errors.confirmation} />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { paths } from '#client/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetOtp } from '../api/verify-reset-otp';
import { useLater } from '../hooks/use-later';
import { useStepForm, type Step } from '../hooks/use-step-form';
import { AFTER_RESET_MS } from '../lib/delays';
import { resetFormSchema, type ResetFormValues } from '../lib/forms';
import { StepIndicator } from './step-indicator';
import { CodeField, NewPasswordFields, StepMessages } from './step-form-fields';

/** Each step checks its fields and those before it. */
const RESOLVERS = {
  1: zodResolver(resetFormSchema(1)),
  2: zodResolver(resetFormSchema(2)),
  3: zodResolver(resetFormSchema(3)),
} as unknown as Record<Step, Resolver<ResetFormValues>>;

/**
 * Password reset (docs/spec/SPEC.md §2, §4): e-mail, then the e-mailed code, then the new password; on success a
 * green message and, 1200 ms later, the login page.
 */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const later = useLater();
  const forgot = useForgotPassword();
  const verify = useVerifyResetOtp();
  const reset = useResetPassword();
  const { form, step, goTo, problem, success, setSuccess, send } = useStepForm(RESOLVERS, {
    email: '',
    otp: '',
    newPassword: '',
    confirmPassword: '',
  });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = form;
  const [done, setDone] = useState(false);

  const submit = handleSubmit(() => {
    const values = getValues();
    const email = values.email.trim();
    if (step === 1) {
      send(forgot, { email }, 'Failed to send OTP', (res) => {
        setSuccess(res.message);
        goTo(2);
      });
    } else if (step === 2) {
      send(verify, { email, otp: values.otp.trim() }, 'OTP verification failed', (res) => {
        setSuccess(res.message);
        goTo(3);
      });
    } else {
      send(reset, { email, otp: values.otp.trim(), newPassword: values.newPassword }, 'Password reset failed', () => {
        setDone(true);
        setSuccess('Password reset successful! You may now log in.');
        later(AFTER_RESET_MS, () => navigate(paths.auth));
      });
    }
  });

  const busy = forgot.isPending || verify.isPending || reset.isPending;
  return (
    <div className="space-y-5">
      <StepIndicator step={step} />
      <StepMessages problem={problem} success={success} />
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Reset password">
        <Field label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} readOnly={step > 1} />
        {step >= 2 && <CodeField registration={register('otp')} error={errors.otp?.message} readOnly={step > 2} />}
        {step === 3 && (
          <NewPasswordFields
            label="New Password"
            password={register('newPassword')}
            confirmation={register('confirmPassword')}
            errors={{ password: errors.newPassword?.message, confirmation: errors.confirmPassword?.message }}
          />
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy || done}>
          {step === 1
            ? forgot.isPending
              ? 'Sending OTP...'
              : 'Send OTP'
            : step === 2
              ? verify.isPending
                ? 'Verifying...'
                : 'Verify OTP'
              : reset.isPending
                ? 'Resetting...'
                : 'Reset Password'}
        </Button>
      </form>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { paths } from '#client/config/paths';
import { problemFrom } from '#client/lib/errors';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetOtp } from '../api/verify-reset-otp';
import { useLater } from '../hooks/use-later';
import { AFTER_RESET_MS } from '../lib/delays';
import { FORM_OPTIONS } from '#client/lib/form-options';
import { PASSWORD_HINT, SIGNUP_OTP_LENGTH, otpDigits, resetFormSchema, type ResetFormValues } from '../lib/forms';
import { StepIndicator } from './step-indicator';

type Step = 1 | 2 | 3;
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
  const [step, setStep] = useState<Step>(1);
  const stepRef = useRef<Step>(1);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ResetFormValues>({
    ...FORM_OPTIONS,
    resolver: (values, context, options) => RESOLVERS[stepRef.current](values, context, options),
    defaultValues: { email: '', otp: '', newPassword: '', confirmPassword: '' },
  });
  const otpField = register('otp');
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const goTo = (next: Step) => {
    stepRef.current = next;
    setStep(next);
  };
  const fail = (err: unknown, fallback: string) => {
    setSuccess(null);
    setProblem(problemFrom(err, fallback));
  };

  const submit = handleSubmit(() => {
    setProblem(null);
    const values = getValues();
    const email = values.email.trim();
    if (step === 1) {
      forgot.mutate(
        { email },
        {
          onSuccess: (res) => {
            setSuccess(res.message);
            goTo(2);
          },
          onError: (err) => fail(err, 'Failed to send OTP'),
        },
      );
    } else if (step === 2) {
      verify.mutate(
        { email, otp: values.otp.trim() },
        {
          onSuccess: (res) => {
            setSuccess(res.message);
            goTo(3);
          },
          onError: (err) => fail(err, 'OTP verification failed'),
        },
      );
    } else {
      reset.mutate(
        { email, otp: values.otp.trim(), newPassword: values.newPassword },
        {
          onSuccess: () => {
            setDone(true);
            setSuccess('Password reset successful! You may now log in.');
            later(AFTER_RESET_MS, () => navigate(paths.auth));
          },
          onError: (err) => fail(err, 'Password reset failed'),
        },
      );
    }
  });

  const busy = forgot.isPending || verify.isPending || reset.isPending;
  return (
    <div className="space-y-5">
      <StepIndicator step={step} />
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {success && !problem && <SuccessBox>{success}</SuccessBox>}
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Reset password">
        <Field label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} readOnly={step > 1} />
        {step >= 2 && (
          <Field
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGNUP_OTP_LENGTH}
            {...otpField}
            onChange={(e) => {
              e.target.value = otpDigits(e.target.value);
              void otpField.onChange(e);
            }}
            error={errors.otp?.message}
            readOnly={step > 2}
          />
        )}
        {step === 3 && (
          <>
            <Field
              label="New Password"
              type="password"
              autoComplete="new-password"
              {...register('newPassword')}
              error={errors.newPassword?.message}
              hint={PASSWORD_HINT}
            />
            <Field
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              {...register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
          </>
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

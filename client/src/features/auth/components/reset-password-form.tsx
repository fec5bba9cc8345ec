import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox, SuccessBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { problemFrom } from '../../../lib/errors';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetOtp } from '../api/verify-reset-otp';
import { useLater } from '../hooks/use-later';
import { AFTER_RESET_MS } from '../lib/delays';
import {
  PASSWORD_HINT,
  SIGNUP_OTP_LENGTH,
  hasErrors,
  otpDigits,
  validateReset,
  type FieldErrors,
  type ResetValues,
} from '../lib/validation';
import { StepIndicator } from './step-indicator';

type Step = 1 | 2 | 3;

/**
 * Password reset (SPEC.md §2, §4): e-mail, then the e-mailed code, then the new password; on success a
 * green message and, 1200 ms later, the login page.
 */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const later = useLater();
  const forgot = useForgotPassword();
  const verify = useVerifyResetOtp();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<ResetValues>({ email: '', otp: '', newPassword: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof ResetValues>>({});
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const set = (key: keyof ResetValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fail = (err: unknown, fallback: string) => {
    setSuccess(null);
    setProblem(problemFrom(err, fallback));
  };
  const check = () => {
    const errors = validateReset(values, step);
    setFieldErrors(errors);
    if (hasErrors(errors)) return false;
    setProblem(null);
    return true;
  };
  const email = values.email.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    if (step === 1) {
      forgot.mutate(
        { email },
        {
          onSuccess: (res) => {
            setSuccess(res.message);
            setStep(2);
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
            setStep(3);
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
  };

  const busy = forgot.isPending || verify.isPending || reset.isPending;
  return (
    <div className="space-y-5">
      <StepIndicator step={step} />
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {success && !problem && <SuccessBox>{success}</SuccessBox>}
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Reset password">
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          error={fieldErrors.email}
          readOnly={step > 1}
        />
        {step >= 2 && (
          <Field
            label="Verification code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGNUP_OTP_LENGTH}
            value={values.otp}
            onChange={(e) => set('otp')(otpDigits(e.target.value))}
            error={fieldErrors.otp}
            readOnly={step > 2}
          />
        )}
        {step === 3 && (
          <>
            <Field
              label="New Password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(e) => set('newPassword')(e.target.value)}
              error={fieldErrors.newPassword}
              hint={PASSWORD_HINT}
            />
            <Field
              label="Confirm New Password"
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.target.value)}
              error={fieldErrors.confirmPassword}
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

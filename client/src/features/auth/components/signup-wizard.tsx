import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { useToast } from '#client/components/ui/toast';
import { useSignupComplete } from '../api/signup-complete';
import { useSignupInitiate } from '../api/signup-initiate';
import { useSignupVerifyOtp } from '../api/signup-verify-otp';
import { useCooldown } from '../hooks/use-cooldown';
import { useLater } from '../hooks/use-later';
import { useStepForm, type Step } from '../hooks/use-step-form';
import { AFTER_ACCOUNT_CREATED_MS, AFTER_CODE_SENT_MS, AFTER_CODE_VERIFIED_MS, RESEND_COOLDOWN_S } from '../lib/delays';
import {
  SIGNUP_OTP_LENGTH,
  signupCodeFormSchema,
  signupEmailFormSchema,
  signupProfileFormSchema,
  type SignupFormValues,
} from '../lib/forms';
import { StepIndicator } from './step-indicator';
import { CodeField, NewPasswordFields, StepMessages } from './step-form-fields';

const TITLES: Record<Step, string> = { 1: 'Create Your Account', 2: 'Verify Your Email', 3: 'Complete Your Profile' };
/** Each step checks its own fields only. */
const RESOLVERS = {
  1: zodResolver(signupEmailFormSchema),
  2: zodResolver(signupCodeFormSchema),
  3: zodResolver(signupProfileFormSchema),
} as unknown as Record<Step, Resolver<SignupFormValues>>;

/**
 * The 3-step sign-up of docs/spec/SPEC.md §2 and §4: e-mail, then the e-mailed code, then name and password. The
 * last step creates the account without logging in; after 2.5 s `onDone` takes the reader to Login.
 */
export function SignupWizard({ onDone }: { onDone: (email: string, message: string) => void }) {
  const toast = useToast();
  const later = useLater();
  const cooldown = useCooldown();
  const initiate = useSignupInitiate();
  const verify = useSignupVerifyOtp();
  const complete = useSignupComplete();

  const {
    form,
    step,
    goTo: showStep,
    problem,
    success,
    setSuccess,
    clearMessages,
    send,
  } = useStepForm(RESOLVERS, {
    email: '',
    otp: '',
    name: '',
    password: '',
    confirmPassword: '',
  });
  const {
    register,
    handleSubmit,
    getValues,
    clearErrors,
    control,
    formState: { errors },
  } = form;
  const otp = useWatch({ control, name: 'otp' });
  const email = () => getValues('email').trim();
  const [advancing, setAdvancing] = useState(false);
  const [created, setCreated] = useState(false);

  const goTo = (next: Step) => {
    showStep(next);
    clearMessages();
    clearErrors();
    setAdvancing(false);
  };

  /** Sends the code (again): its message, a toast, and the resend cooldown; then `next`. */
  const requestCode = (next?: () => void) =>
    send(initiate, { email: email() }, 'Failed to send verification email', (res) => {
      setSuccess(res.message);
      toast.show({ title: 'Verification Email Sent! 📧', description: res.message, variant: 'success' });
      cooldown.start(RESEND_COOLDOWN_S);
      next?.();
    });

  const sendCode = handleSubmit(() =>
    requestCode(() => {
      setAdvancing(true);
      later(AFTER_CODE_SENT_MS, () => goTo(2));
    }),
  );

  const checkCode = handleSubmit(() =>
    send(verify, { email: email(), otp: getValues('otp') }, 'OTP verification failed', (res) => {
      setSuccess(res.message);
      toast.show({ title: 'Email Verified! ✅', description: res.message, variant: 'success' });
      setAdvancing(true);
      later(AFTER_CODE_VERIFIED_MS, () => goTo(3));
    }),
  );

  const createAccount = handleSubmit(() => {
    const { otp: code, name, password } = getValues();
    send(complete, { email: email(), otp: code, name: name.trim(), password }, 'Signup completion failed', (res) => {
      const message = res.message || 'Account created successfully! Please log in with your credentials.';
      setCreated(true);
      setSuccess(message);
      toast.show({
        title: 'Account Created Successfully! 🎉',
        description: 'You can now log in with your credentials.',
        variant: 'success',
      });
      later(AFTER_ACCOUNT_CREATED_MS, () => onDone(email(), message));
    });
  });

  const headingId = 'signup-step-title';
  return (
    <div className="space-y-5">
      <StepIndicator step={step} />
      <h2 id={headingId} className="font-serif text-xl font-bold">
        {TITLES[step]}
      </h2>
      <StepMessages problem={problem} success={success} />

      {step === 1 && (
        <form onSubmit={sendCode} className="space-y-4" noValidate aria-labelledby={headingId}>
          <p className="text-sm text-slate-600">Enter your email address and we will send you a 6-digit verification code.</p>
          <Field label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
          <Button type="submit" size="lg" className="w-full" disabled={initiate.isPending || advancing}>
            {initiate.isPending ? 'Sending...' : 'Send Verification Code'}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={checkCode} className="space-y-4" noValidate aria-labelledby={headingId}>
          <p className="text-sm text-slate-600">
            Enter the 6-digit code we sent to <strong className="break-all">{email()}</strong>.
          </p>
          <CodeField
            registration={register('otp')}
            pattern="[0-9]*"
            error={errors.otp?.message}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          />
          <Button type="submit" size="lg" className="w-full" disabled={verify.isPending || advancing || otp.length !== SIGNUP_OTP_LENGTH}>
            {verify.isPending ? 'Verifying...' : 'Verify Email'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t receive the code?{' '}
            <Button variant="link" onClick={() => requestCode()} disabled={cooldown.remaining > 0 || initiate.isPending}>
              {initiate.isPending ? 'Sending...' : cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining}s` : 'Resend code'}
            </Button>
          </p>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={createAccount} className="space-y-4" noValidate aria-labelledby={headingId}>
          <Field label="Full Name" autoComplete="name" {...register('name')} error={errors.name?.message} />
          <NewPasswordFields
            label="Password"
            password={register('password')}
            confirmation={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
          />
          <Button type="submit" size="lg" className="w-full" disabled={complete.isPending || created}>
            {created ? 'Account Created! Redirecting to login...' : complete.isPending ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      )}

      {step > 1 && !created && (
        <Button variant="ghost" onClick={() => goTo(step === 3 ? 2 : 1)} disabled={advancing}>
          ← Go Back
        </Button>
      )}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { ErrorBox, SuccessBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { problemFrom } from '../../../lib/errors';
import { useSignupComplete } from '../api/signup-complete';
import { useSignupInitiate } from '../api/signup-initiate';
import { useSignupVerifyOtp } from '../api/signup-verify-otp';
import { useCooldown } from '../hooks/use-cooldown';
import { useLater } from '../hooks/use-later';
import { AFTER_ACCOUNT_CREATED_MS, AFTER_CODE_SENT_MS, AFTER_CODE_VERIFIED_MS, RESEND_COOLDOWN_S } from '../lib/delays';
import {
  PASSWORD_HINT,
  SIGNUP_OTP_LENGTH,
  hasErrors,
  otpDigits,
  validateEmail,
  validateProfile,
  validateSignupOtp,
  type FieldErrors,
} from '../lib/validation';
import { StepIndicator } from './step-indicator';

type Step = 1 | 2 | 3;
const TITLES: Record<Step, string> = { 1: 'Create Your Account', 2: 'Verify Your Email', 3: 'Complete Your Profile' };

interface Problem {
  message: string;
  details: string[];
}

/**
 * The 3-step sign-up of SPEC.md §2 and §4: e-mail, then the e-mailed code, then name and password. The
 * last step creates the account without logging in; after 2.5 s `onDone` takes the reader to Login.
 */
export function SignupWizard({ onDone }: { onDone: (email: string, message: string) => void }) {
  const toast = useToast();
  const later = useLater();
  const cooldown = useCooldown();
  const initiate = useSignupInitiate();
  const verify = useSignupVerifyOtp();
  const complete = useSignupComplete();

  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'email' | 'otp' | 'name' | 'password' | 'confirmPassword'>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const [created, setCreated] = useState(false);

  const fail = (err: unknown, fallback: string) => setProblem(problemFrom(err, fallback));
  const goTo = (next: Step) => {
    setStep(next);
    setProblem(null);
    setSuccess(null);
    setFieldErrors({});
    setAdvancing(false);
  };

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateEmail(email);
    setFieldErrors({ email: invalid });
    if (invalid) return;
    setProblem(null);
    initiate.mutate(
      { email: email.trim() },
      {
        onSuccess: (res) => {
          setSuccess(res.message);
          toast.show({ title: 'Verification Email Sent! 📧', description: res.message, variant: 'success' });
          cooldown.start(RESEND_COOLDOWN_S);
          setAdvancing(true);
          later(AFTER_CODE_SENT_MS, () => goTo(2));
        },
        onError: (err) => fail(err, 'Failed to send verification email'),
      },
    );
  };

  const resend = () => {
    setProblem(null);
    initiate.mutate(
      { email: email.trim() },
      {
        onSuccess: (res) => {
          setSuccess(res.message);
          toast.show({ title: 'Verification Email Sent! 📧', description: res.message, variant: 'success' });
          cooldown.start(RESEND_COOLDOWN_S);
        },
        onError: (err) => fail(err, 'Failed to send verification email'),
      },
    );
  };

  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateSignupOtp(otp);
    setFieldErrors({ otp: invalid });
    if (invalid) return;
    setProblem(null);
    verify.mutate(
      { email: email.trim(), otp },
      {
        onSuccess: (res) => {
          setSuccess(res.message);
          toast.show({ title: 'Email Verified! ✅', description: res.message, variant: 'success' });
          setAdvancing(true);
          later(AFTER_CODE_VERIFIED_MS, () => goTo(3));
        },
        onError: (err) => fail(err, 'OTP verification failed'),
      },
    );
  };

  const createAccount = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateProfile({ name, password, confirmPassword });
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setProblem(null);
    complete.mutate(
      { email: email.trim(), otp, name: name.trim(), password },
      {
        onSuccess: (res) => {
          const message = res.message || 'Account created successfully! Please log in with your credentials.';
          setCreated(true);
          setSuccess(message);
          toast.show({
            title: 'Account Created Successfully! 🎉',
            description: 'You can now log in with your credentials.',
            variant: 'success',
          });
          later(AFTER_ACCOUNT_CREATED_MS, () => onDone(email.trim(), message));
        },
        onError: (err) => fail(err, 'Signup completion failed'),
      },
    );
  };

  const headingId = 'signup-step-title';
  return (
    <div className="space-y-5">
      <StepIndicator step={step} />
      <h2 id={headingId} className="font-serif text-xl font-bold">
        {TITLES[step]}
      </h2>
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {success && !problem && <SuccessBox>{success}</SuccessBox>}

      {step === 1 && (
        <form onSubmit={sendCode} className="space-y-4" noValidate aria-labelledby={headingId}>
          <p className="text-sm text-slate-600">Enter your email address and we will send you a 6-digit verification code.</p>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors.email}
          />
          <Button type="submit" size="lg" className="w-full" disabled={initiate.isPending || advancing}>
            {initiate.isPending ? 'Sending...' : 'Send Verification Code'}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form onSubmit={checkCode} className="space-y-4" noValidate aria-labelledby={headingId}>
          <p className="text-sm text-slate-600">
            Enter the 6-digit code we sent to <strong className="break-all">{email.trim()}</strong>.
          </p>
          <Field
            label="Verification code"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={SIGNUP_OTP_LENGTH}
            value={otp}
            onChange={(e) => setOtp(otpDigits(e.target.value))}
            error={fieldErrors.otp}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          />
          <Button type="submit" size="lg" className="w-full" disabled={verify.isPending || advancing || otp.length !== SIGNUP_OTP_LENGTH}>
            {verify.isPending ? 'Verifying...' : 'Verify Email'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t receive the code?{' '}
            <Button variant="link" onClick={resend} disabled={cooldown.remaining > 0 || initiate.isPending}>
              {initiate.isPending ? 'Sending...' : cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining}s` : 'Resend code'}
            </Button>
          </p>
        </form>
      )}

      {step === 3 && (
        <form onSubmit={createAccount} className="space-y-4" noValidate aria-labelledby={headingId}>
          <Field
            label="Full Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldErrors.name}
          />
          <Field
            label="Password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            hint={PASSWORD_HINT}
          />
          <Field
            label="Confirm Password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            error={fieldErrors.confirmPassword}
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

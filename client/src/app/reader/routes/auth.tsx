import '#client/lib/zod-config';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AuthShell } from '#client/components/layout/auth-shell';
import { LoginForm } from '#client/features/auth/components/login-form';
import { SignupWizard } from '#client/features/auth/components/signup-wizard';
import { cn } from '#client/lib/cn';
import { usePageTitle, useSite } from '#client/lib/site-settings';
import { landingFor } from '#client/lib/redirects';
import { useSession } from '#client/lib/session';

type Mode = 'login' | 'signup';

/** /auth (docs/spec/SPEC.md §2): login and the 3-step sign-up; a logged-in user is sent on (staff: dashboard). */
export function AuthRoute() {
  const { session } = useSession();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  const [notice, setNotice] = useState<{ email: string; message: string } | null>(null);
  // document.title, not a <title> element: React would add it next to the head's own, two titles.
  usePageTitle(mode === 'login' ? 'Login' : 'Sign Up');
  const siteName = useSite().data?.name;

  if (session) return <Navigate to={landingFor(session.user.role, (location.state as { from?: unknown } | null)?.from)} replace />;

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={cn(
        'rounded-md py-2 text-sm font-semibold transition-colors',
        mode === value ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );

  return (
    <AuthShell title={siteName ? `Welcome to ${siteName}` : 'Welcome'} subtitle="Sign in or create an account to continue">
      <div role="group" aria-label="Login or Sign Up" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {tab('login', 'Login')}
        {tab('signup', 'Sign Up')}
      </div>
      {mode === 'login' ? (
        <LoginForm key={notice?.email ?? ''} initialEmail={notice?.email} notice={notice?.message} />
      ) : (
        <SignupWizard
          onDone={(email, message) => {
            setNotice({ email, message });
            setMode('login');
          }}
        />
      )}
    </AuthShell>
  );
}

import '#client/lib/zod-config';
import { Link, Navigate } from 'react-router';
import { AuthShell } from '#client/components/layout/auth-shell';
import { paths } from '#client/config/paths';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form';
import { usePageTitle } from '#client/lib/site-settings';
import { landingFor } from '#client/lib/redirects';
import { useSession } from '#client/lib/session';

/** /auth/reset-password (docs/spec/SPEC.md §2). */
export function ResetPasswordRoute() {
  const { session } = useSession();
  // document.title, not a <title> element: React would add it next to the head's own, two titles.
  usePageTitle('Reset Your Password');
  if (session) return <Navigate to={landingFor(session.user.role)} replace />;
  return (
    <AuthShell
      title="Reset Your Password"
      subtitle="Enter your email, verify OTP, and set a new password"
      footer={
        <>
          Remembered password?{' '}
          <Link to={paths.auth} className="font-semibold text-blue-800 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <ResetPasswordForm />
    </AuthShell>
  );
}

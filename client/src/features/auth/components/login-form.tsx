import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBox, SuccessBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { problemFrom } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { hasErrors, validateLogin, type FieldErrors } from '../lib/validation';

/** Login (SPEC.md §2): e-mail, password, 'Forgot password?', 'Login' / 'Logging in...'. */
export function LoginForm({ initialEmail = '', notice }: { initialEmail?: string; notice?: string | null }) {
  const { signIn } = useSession();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'email' | 'password'>>({});

  const problem = login.isError ? problemFrom(login.error, 'Login failed') : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: (res) => signIn({ token: res.token, user: res.user }) });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Login">
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {notice && !login.isError && <SuccessBox>{notice}</SuccessBox>}
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      <div className="flex justify-end">
        <Link to={paths.resetPassword} className="text-sm font-medium text-blue-800 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

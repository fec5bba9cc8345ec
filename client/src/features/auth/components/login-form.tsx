import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { paths } from '#client/config/paths';
import { problemFrom } from '#client/lib/errors';
import { useSession } from '#client/lib/session';
import { useLogin } from '../api/login';
import { FORM_OPTIONS } from '#client/lib/form-options';
import { loginFormSchema } from '../lib/forms';

/** Login (docs/spec/SPEC.md §2): e-mail, password, 'Forgot password?', 'Login' / 'Logging in...'. */
export function LoginForm({ initialEmail = '', notice }: { initialEmail?: string; notice?: string | null }) {
  const { signIn } = useSession();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginFormSchema), ...FORM_OPTIONS, defaultValues: { email: initialEmail, password: '' } });

  const problem = login.isError ? problemFrom(login.error, 'Login failed') : null;

  const submit = handleSubmit(() => {
    const { email, password } = getValues();
    login.mutate({ email: email.trim(), password }, { onSuccess: (res) => signIn({ token: res.token, user: res.user }) });
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Login">
      {problem && <ErrorBox details={problem.details}>{problem.message}</ErrorBox>}
      {notice && !login.isError && <SuccessBox>{notice}</SuccessBox>}
      <Field label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      <Field label="Password" type="password" autoComplete="current-password" {...register('password')} error={errors.password?.message} />
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

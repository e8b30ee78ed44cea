import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { PasswordField, TextField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { makeProfile, setAuthState } from '@/lib/auth/auth-state.ts';
import { errorCode } from '@/lib/data/errors.ts';
import { signUp } from '@/lib/firebase/on-demand.ts';
import { writeSession } from '@/lib/session-storage/session-storage.ts';
import { AuthLayout } from './auth-layout.tsx';
import { authMessages } from './messages.ts';
import { PASSWORD_HINT } from './password-hint.ts';
import { registerInputSchema, type RegisterInput } from './schemas.ts';
import { describeSignUpError } from './sign-up-error.ts';

export default function RegisterPage() {
  const [, navigate] = useLocation();
  return (
    <AuthLayout
      title="Sign up to continue"
      footer={
        <p>
          Already have an account? <Link href="/login">Login</Link>
        </p>
      }
    >
      <Form
        schema={registerInputSchema}
        defaultValues={{ username: '', email: '', password: '', confirmPassword: '' }}
        aria-label="Sign up"
        onSubmit={async ({ username, email, password }: RegisterInput, form) => {
          try {
            const user = await signUp({ username, email, password });
            writeSession('uid', user.uid);
            writeSession('email', email);
            writeSession('username', username);
            setAuthState({ status: 'ready', profile: makeProfile(user, await user.getIdToken(), username) });
            toast.success(authMessages.signUpSucceeded);
            navigate('/');
          } catch (error) {
            const failure = describeSignUpError(errorCode(error));
            if ('field' in failure) {
              form.setError(failure.field, { message: failure.message }, { shouldFocus: true });
            } else {
              if (failure.log) console.error('Sign-up failed', error);
              toast.error(failure.toast);
            }
          }
        }}
      >
        {({ register, formState }) => (
          <>
            <TextField label="Username" autoComplete="username" registration={register('username')} error={formState.errors.username} />
            <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
            <PasswordField label="Password" autoComplete="new-password" registration={register('password')} error={formState.errors.password} hint={PASSWORD_HINT} />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={formState.errors.confirmPassword}
            />
            <SubmitButton submitting={formState.isSubmitting} label="Sign Up" submittingLabel="Signing Up..." />
          </>
        )}
      </Form>
    </AuthLayout>
  );
}

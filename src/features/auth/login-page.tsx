import { useState } from 'react';
import { toast } from 'sonner';
import { Link, useLocation, useSearch } from 'wouter';
import { PasswordField, TextField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { makeProfile, setAuthState } from '@/lib/auth/auth-state.ts';
import { errorCode } from '@/lib/data/errors.ts';
import { getUsername, signInAndConnect } from '@/lib/firebase/on-demand.ts';
import { clearSession, writeSession } from '@/lib/session-storage/session-storage.ts';
import { AuthLayout } from './auth-layout.tsx';
import { DemoLearnerHint } from './demo-learner-hint.tsx';
import { authMessages } from './messages.ts';
import { returnPath } from './return-to.ts';
import { loginInputSchema, type LoginInput } from './schemas.ts';

/** One failure toast at a time, taken away by the next successful login (it would otherwise
 * stay over the learning home for its full duration). */
const LOGIN_FAILED_TOAST = 'login-failed';

export default function LoginPage() {
  const [, navigate] = useLocation();
  // product.md: after login, the home; a visitor sent here from another page goes back to it.
  const next = returnPath(useSearch());
  const [demoBusy, setDemoBusy] = useState(false);
  const login = async ({ email, password }: LoginInput) => {
    try {
      const user = await signInAndConnect(email, password);
      writeSession('uid', user.uid);
      writeSession('email', user.email ?? email);
      const username = await getUsername(user.uid).catch((error: unknown) => {
        console.error('Failed to fetch username', error);
        return null;
      });
      if (username) writeSession('username', username);
      // Signed in now, whether or not the auth listener has reported it yet: the protected home
      // must not bounce back to /login.
      setAuthState({ status: 'ready', profile: makeProfile(user, await user.getIdToken(), username) });
      toast.dismiss(LOGIN_FAILED_TOAST);
      navigate(next);
    } catch (error) {
      // The database not connecting is not the learner's credentials: say which. The
      // account was signed out again; what the auth listener stored for it goes, as on a logout.
      if (errorCode(error) === 'database-unreachable') {
        clearSession();
        toast.error(authMessages.loginDatabaseUnreachable, { id: LOGIN_FAILED_TOAST });
        return;
      }
      toast.error(authMessages.loginFailed, { id: LOGIN_FAILED_TOAST });
    }
  };
  return (
    <AuthLayout
      title="Login to continue"
      footer={
        <p>
          Don&apos;t have an account? <Link href="/register">Sign Up</Link>
        </p>
      }
    >
      <Form schema={loginInputSchema} defaultValues={{ email: '', password: '' }} onSubmit={login} aria-label="Login">
        {({ register, formState }) => (
          <>
            <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
            <PasswordField label="Password" autoComplete="current-password" registration={register('password')} error={formState.errors.password} />
            <div className="card__links">
              <Link href="/forgot_password">Forgot Password?</Link>
            </div>
            <SubmitButton submitting={formState.isSubmitting} label="Login" submittingLabel="Loading..." />
          </>
        )}
      </Form>
      <DemoLearnerHint
        busy={demoBusy}
        onLogIn={(demo) => {
          setDemoBusy(true);
          void login(demo).finally(() => setDemoBusy(false));
        }}
      />
    </AuthLayout>
  );
}

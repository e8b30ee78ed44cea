import { toast } from 'sonner';
import { Redirect, useLocation } from 'wouter';
import { TextField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { setProfileUsername, useAuthState } from '@/lib/auth/auth-state.ts';
import { errorCode } from '@/lib/data/errors.ts';
import { changeUsername } from '@/lib/data/usernames.ts';
import { readSession, writeSession } from '@/lib/session-storage/session-storage.ts';
import { AccountFormLayout } from './account-form-layout.tsx';
import { accountMessages } from './messages.ts';
import { changeUsernameInputSchema, type ChangeUsernameInput } from './schemas.ts';
import { describeUsernameChangeError } from './username-change-error.ts';

export default function ChangeUsernamePage() {
  const [, navigate] = useLocation();
  const auth = useAuthState();
  const profile = auth.status === 'ready' ? auth.profile : null;
  const uid = profile?.uid ?? readSession('uid');
  const currentName = readSession('username') ?? profile?.name ?? '';

  const submit = async ({ newUsername }: ChangeUsernameInput, form: { setError: (name: 'newUsername', error: { message: string }) => void }) => {
    if (!profile?.isAuthenticated || !uid) {
      toast.error(accountMessages.notAuthenticated);
      return;
    }
    try {
      await changeUsername(uid, readSession('username'), newUsername);
      writeSession('username', newUsername);
      setProfileUsername(newUsername);
      toast.success(accountMessages.usernameChanged);
      navigate('/');
    } catch (error) {
      const failure = describeUsernameChangeError(errorCode(error));
      if ('field' in failure) {
        form.setError(failure.field, { message: failure.message });
      } else {
        if (failure.log) console.error('Username change failed', error);
        toast.error(failure.toast);
      }
    }
  };

  if (auth.status === 'ready' && !profile?.isAuthenticated) return <Redirect to="/login" replace />;

  return (
    <AccountFormLayout title="Change Username">
      {auth.status === 'loading' || !uid ? (
        <p className="card__note" role="status">
          Loading user information...
        </p>
      ) : (
        <Form schema={changeUsernameInputSchema} defaultValues={{ newUsername: '' }} onSubmit={submit} aria-label="Change username">
          {({ register, formState }) => (
            <>
              <TextField label="Current username" value={currentName} readOnly />
              <TextField label="New username" autoComplete="username" registration={register('newUsername')} error={formState.errors.newUsername} />
              <SubmitButton submitting={formState.isSubmitting} label="Update" submittingLabel="Updating..." />
            </>
          )}
        </Form>
      )}
    </AccountFormLayout>
  );
}

import { toast } from 'sonner';
import { useLocation, useSearch } from 'wouter';
import { PasswordField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { errorCode } from '@/lib/data/errors.ts';
import { changePassword } from '@/lib/firebase/auth.ts';
import { AccountFormLayout } from './account-form-layout.tsx';
import { accountMessages } from './messages.ts';
import { changePasswordInputSchema, type ChangePasswordInput } from './schemas.ts';

/**
 * product.md §2 Screens back rules: with level, chapter and lesson in the address go to that chapter's
 * lessons; with lesson absent go home; otherwise one step back in history.
 */
export function changePasswordBackTarget(search: string): string | 'history' {
  const params = new URLSearchParams(search);
  const level = params.get('level');
  const chapter = params.get('chapter');
  const lesson = params.get('lesson');
  if (level !== null && chapter !== null && lesson !== null) return `/lessons?level=${level}&chapter=${chapter}`;
  if (lesson === null) return '/';
  return 'history';
}

const failureMessage = (code: string): string => {
  if (code === 'auth/invalid-credential') return accountMessages.oldPasswordWrong;
  if (code === 'auth/weak-password') return accountMessages.newPasswordWeak;
  return accountMessages.passwordChangeFailed;
};

/** `onBack`, when given, overrides the back rules. */
export default function ChangePasswordPage({ onBack }: { onBack?: () => void }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const back = () => {
    if (onBack) return onBack();
    const target = changePasswordBackTarget(search);
    if (target === 'history') window.history.back();
    else navigate(target);
  };
  const submit = async ({ oldPassword, newPassword }: ChangePasswordInput) => {
    try {
      await changePassword(oldPassword, newPassword);
      toast.success(accountMessages.passwordChanged);
      navigate('/');
    } catch (error) {
      toast.error(failureMessage(errorCode(error)));
    }
  };
  return (
    <AccountFormLayout
      title="Change Password"
      onBack={back}
      aside={<img className="account-layout__aside" src="/images/change-password.svg" alt="" width={360} height={360} />}
    >
      <Form
        schema={changePasswordInputSchema}
        defaultValues={{ oldPassword: '', newPassword: '', confirmNewPassword: '' }}
        onSubmit={submit}
        aria-label="Change password"
      >
        {({ register, formState }) => (
          <>
            <PasswordField label="Old password" autoComplete="current-password" registration={register('oldPassword')} error={formState.errors.oldPassword} />
            <PasswordField label="New password" autoComplete="new-password" registration={register('newPassword')} error={formState.errors.newPassword} />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              registration={register('confirmNewPassword')}
              error={formState.errors.confirmNewPassword}
            />
            <SubmitButton submitting={formState.isSubmitting} label="Update" submittingLabel="Updating..." />
          </>
        )}
      </Form>
    </AccountFormLayout>
  );
}

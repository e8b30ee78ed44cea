import { toast } from 'sonner';
import { Link } from 'wouter';
import { TextField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { useCountdown } from '@/hooks/use-countdown.ts';
import { sendReset } from '@/lib/firebase/on-demand.ts';
import { AuthLayout } from './auth-layout.tsx';
import { authMessages } from './messages.ts';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from './schemas.ts';

/** product.md §4 States: after a successful send the button stays disabled for 60 seconds. */
export const RESEND_WAIT_SECONDS = 60;

export default function ForgotPasswordPage() {
  const countdown = useCountdown();
  const send = async ({ email }: ForgotPasswordInput) => {
    try {
      await sendReset(email);
      toast.success(authMessages.resetSent);
      countdown.start(RESEND_WAIT_SECONDS);
    } catch (error) {
      console.error('Password reset failed', error);
      toast.error(authMessages.resetFailed);
    }
  };
  return (
    <AuthLayout
      title="Forgot Password"
      footer={
        <p>
          Remembered it? <Link href="/login">Back to login</Link>
        </p>
      }
    >
      <Form schema={forgotPasswordInputSchema} defaultValues={{ email: '' }} onSubmit={send} aria-label="Reset password">
        {({ register, formState }) => (
          <>
            <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={formState.errors.email} />
            <SubmitButton
              submitting={formState.isSubmitting}
              disabled={countdown.remaining > 0}
              label={countdown.remaining > 0 ? `Please wait ${countdown.remaining} seconds to resend.` : 'Reset Password'}
              submittingLabel="Sending..."
            />
          </>
        )}
      </Form>
    </AuthLayout>
  );
}

import { toast } from 'sonner';
import { z } from 'zod';
import { BackButton } from '@/components/back-button.tsx';
import { TextAreaField } from '@/components/fields.tsx';
import { Form } from '@/components/form.tsx';
import { SubmitButton } from '@/components/submit-button.tsx';
import { sendFeedback } from '@/lib/data/feedback.ts';

export const feedbackInputSchema = z.object({
  feedback: z
    .string()
    .min(10, { message: 'Feedback must be at least 10 characters.' })
    // 500 passes; the message's 'less than' is the product's wording.
    .max(500, { message: 'Feedback must be less than 500 characters.' }),
});
type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackMessages = {
  sent: 'Feedback sent successfully!',
  failed: 'Failed to send feedback. Please try again.',
} as const;

/** A send that hangs counts as failed after this long, so the form never stays 'Sending...'. */
const SEND_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('feedback: timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export default function FeedbackPage() {
  return (
    <main className="card-page">
      <section className="card card--wide" aria-labelledby="feedback-title">
        <BackButton />
        <div className="card__header">
          <h1 id="feedback-title">We Value Your Feedback</h1>
          <p className="card__note">Tell us what works, what does not, and what you would like to learn next.</p>
        </div>
        <Form
          schema={feedbackInputSchema}
          defaultValues={{ feedback: '' }}
          aria-label="Feedback"
          onSubmit={async ({ feedback }: FeedbackInput, form) => {
            try {
              const response = await withTimeout(sendFeedback(feedback), SEND_TIMEOUT_MS);
              if (!response.ok) throw new Error(`feedback: HTTP ${response.status}`);
              await response.json().catch(() => undefined); // read and ignored (product.md §7 Calls)
            } catch (error) {
              console.error('Feedback failed', error);
              toast.error(feedbackMessages.failed);
            }
            // Deliberate (product.md §7 Calls): the success message shows and the form resets even
            // after a failed send, as in the product.
            toast.success(feedbackMessages.sent);
            form.reset();
          }}
        >
          {({ register, formState }) => (
            <>
              <TextAreaField label="Your feedback" registration={register('feedback')} error={formState.errors.feedback} />
              <SubmitButton submitting={formState.isSubmitting} label="Send Feedback" submittingLabel="Sending..." />
            </>
          )}
        </Form>
      </section>
    </main>
  );
}

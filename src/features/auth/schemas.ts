// Login, register and forgot-password rules with their product.md §5 Validation messages, one rule a line.
import { z } from 'zod';
import { USERNAME_PATTERN, normalizeUsername } from '@/lib/data/username-rules.ts';
import { registerPasswordProblem } from './password-rule.ts';

export const loginInputSchema = z.object({
  email: z.string().trim().email({ message: 'Invalid email address' }),
  password: z.string().min(6, { message: 'Password must be at least 6 characters' }),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z
  .object({
    // Spaces at either end dropped and runs of spaces made one, as the name is stored.
    username: z
      .string()
      .transform(normalizeUsername)
      .pipe(
        z
          .string()
          .min(3, { message: 'Username must be at least 3 characters.' })
          .max(20, { message: "Username can't be more than 20 characters." })
          // The change-username charset (product.md §5 Validation) applies here too: a name the database cannot hold is never submitted.
          .regex(USERNAME_PATTERN, { message: 'Username can only contain letters, numbers, underscores, and spaces.' }),
      ),
    email: z.string().trim().email({ message: 'Invalid email address.' }),
    // One message, the most precise that applies (password-rule.ts).
    password: z.string().superRefine((password, context) => {
      const problem = registerPasswordProblem(password);
      if (problem !== null) context.addIssue({ code: 'custom', message: problem });
    }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const forgotPasswordInputSchema = z.object({
  email: z.string().trim().email({ message: 'Please enter a valid email address.' }),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

// Account form rules with their product.md §5 Validation messages, one rule a line.
import { z } from 'zod';
import { USERNAME_PATTERN, normalizeUsername } from '@/lib/data/username-rules.ts';

export const changePasswordInputSchema = z
  .object({
    // Deliberate: the bound is 4 while the message says 6, as in the product (product.md §5 Validation).
    oldPassword: z.string().min(4, { message: 'Old password must be at least 6 characters long.' }),
    newPassword: z
      .string()
      .min(6, { message: 'New password must be at least 6 characters long.' })
      .regex(/[A-Za-z]/, { message: 'New password must contain at least one letter.' })
      .regex(/\d/, { message: 'New password must contain at least one number.' })
      .regex(/[\W_]/, { message: 'New password must contain at least one special character.' }),
    confirmNewPassword: z.string().min(6, { message: 'Confirmation password must be at least 6 characters long.' }),
  })
  .refine((values) => values.newPassword === values.confirmNewPassword, { message: 'Passwords must match', path: ['confirmNewPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changeUsernameInputSchema = z.object({
  // Spaces at either end dropped and runs of spaces made one, as the name is stored.
  newUsername: z
    .string()
    .transform(normalizeUsername)
    .pipe(
      z
        .string()
        .min(3, { message: 'Username must be at least 3 characters.' })
        // Exactly 20 passes; the message's 'less than' is the product's wording.
        .max(20, { message: 'Username must be less than 20 characters.' })
        .regex(USERNAME_PATTERN, { message: 'Username can only contain letters, numbers, underscores, and spaces.' }),
    ),
});
export type ChangeUsernameInput = z.infer<typeof changeUsernameInputSchema>;

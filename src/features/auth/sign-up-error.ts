// What the register form shows for each way a sign-up can fail: a field error where the learner
// can fix the field (a taken username or email alike), else a toast that says why
// (the texts of product.md §8 Errors where it has one).
import { authMessages } from './messages.ts';

/** `log`: an unexpected failure, written to the console for whoever investigates. */
export type SignUpFailure = { field: 'username' | 'email'; message: string } | { toast: string; log: boolean };

export function describeSignUpError(code: string): SignUpFailure {
  switch (code) {
    case 'username-taken':
      return { field: 'username', message: authMessages.usernameTaken };
    case 'invalid-username':
      return { field: 'username', message: authMessages.usernameCharset };
    case 'auth/email-already-in-use':
      return { field: 'email', message: authMessages.emailInUse };
    case 'auth/invalid-email':
      // The identity provider refused an address the form's rule let through: the register email text.
      return { field: 'email', message: authMessages.invalidEmail };
    case 'database-unreachable':
      return { toast: authMessages.signUpDatabaseUnreachable, log: false };
    case 'permission-denied':
      return { toast: authMessages.signUpRefusedByDatabase, log: true };
    case 'auth/network-request-failed':
      return { toast: authMessages.signUpOffline, log: true };
    case 'auth/weak-password':
      return { toast: authMessages.signUpWeakPassword, log: true };
    case 'auth/too-many-requests':
      return { toast: authMessages.signUpTooManyAttempts, log: true };
    default:
      return { toast: authMessages.signUpFailed, log: true };
  }
}

// What the change-username form shows for each way a change can fail (product.md §8 Errors, and §5 Validation:
// the current name is 'already your username', not 'in use').
import { accountMessages } from './messages.ts';

export type UsernameChangeFailure = { field: 'newUsername'; message: string } | { toast: string; log: boolean };

export function describeUsernameChangeError(code: string): UsernameChangeFailure {
  switch (code) {
    case 'username-taken':
      return { field: 'newUsername', message: accountMessages.usernameTaken };
    case 'username-unchanged':
      return { field: 'newUsername', message: accountMessages.usernameUnchanged };
    case 'invalid-username':
      return { field: 'newUsername', message: accountMessages.usernameCharset };
    case 'not-authenticated':
      return { toast: accountMessages.notAuthenticated, log: false };
    default:
      // product.md §8 Errors: any failure in the write sequence is logged.
      return { toast: accountMessages.usernameChangeFailed, log: true };
  }
}

// product.md §8 Errors texts of the auth screens, word for word.

/** The app reaches its database over WebSockets only (src/lib/firebase/database-transport.ts). */
const DATABASE_UNREACHABLE = 'the database could not be reached. Check your internet connection (a network that blocks WebSockets blocks it too) and try again.';

export const authMessages = {
  loginFailed: 'Login failed. Please check your credentials.',
  usernameTaken: 'Username is already in use',
  emailInUse: 'Email already in use',
  signUpFailed: 'Error creating account. Please try again.',
  // product.md §8 Errors: a refusal the learner can act on says why.
  invalidEmail: 'Invalid email address.',
  usernameCharset: 'Username can only contain letters, numbers, underscores, and spaces.',
  signUpRefusedByDatabase: 'Error creating account: the database refused this username or email. Please check them and try again.',
  // The database did not connect within seconds (src/lib/firebase/database-reachable.ts).
  signUpDatabaseUnreachable: `Error creating account: ${DATABASE_UNREACHABLE}`,
  loginDatabaseUnreachable: `Login failed: ${DATABASE_UNREACHABLE}`,
  signUpOffline: 'Error creating account: the server could not be reached. Please try again.',
  signUpWeakPassword: 'Error creating account: the password is too weak.',
  signUpTooManyAttempts: 'Error creating account: too many attempts. Please wait a minute and try again.',
  signUpSucceeded: 'Account created successfully.',
  // 'Pleaes' is the product's own typo, kept deliberately (product.md §8 Errors).
  resetSent: 'Password reset email sent. Pleaes check your email',
  resetFailed: 'Failed to send reset email. Please try again.',
} as const;

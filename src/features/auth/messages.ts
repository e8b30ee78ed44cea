// SPEC section 8 texts of the auth screens, word for word.
export const authMessages = {
  loginFailed: 'Login failed. Please check your credentials.',
  usernameTaken: 'Username is already in use',
  emailInUse: 'Email already in use',
  signUpFailed: 'Error creating account. Please try again.',
  signUpSucceeded: 'Account created successfully.',
  // 'Pleaes' is the product's own typo, kept deliberately (SPEC section 8).
  resetSent: 'Password reset email sent. Pleaes check your email',
  resetFailed: 'Failed to send reset email. Please try again.',
} as const;

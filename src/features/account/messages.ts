// product.md §8 Errors texts of the account screens, word for word.
export const accountMessages = {
  loggedOut: 'Logged out successfully.',
  logoutFailed: 'Failed to log out. Please try again.',
  oldPasswordWrong: 'The old password is incorrect.',
  newPasswordWeak: 'The new password is too weak.',
  passwordChangeFailed: 'Failed to change password. Please try again.',
  passwordChanged: 'Password changed successfully.',
  notAuthenticated: 'User is not authenticated. Please log in again.',
  usernameTaken: 'Username is already in use',
  // product.md §8 Errors: the current name is not 'in use' by someone else.
  usernameUnchanged: 'That is already your username.',
  usernameCharset: 'Username can only contain letters, numbers, underscores, and spaces.',
  usernameChangeFailed: 'Failed to change username. Please try again.',
  usernameChanged: 'Username changed successfully.',
} as const;

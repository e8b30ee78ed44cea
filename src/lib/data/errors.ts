// Errors of the data layer carry a code, never a user-facing text: the app maps codes to the
// messages of product.md §8 Errors. Firebase's own errors already carry codes like
// 'auth/email-already-in-use'; `errorCode` reads either kind.

export type DataErrorCode =
  | 'username-taken'
  | 'username-unchanged'
  | 'invalid-username'
  | 'not-authenticated'
  | 'username-change-failed'
  | 'invalid-data'
  | 'permission-denied'
  | 'feedback-failed'
  | 'database-unreachable';

export class DataError extends Error {
  readonly code: DataErrorCode;
  override readonly cause?: unknown;

  constructor(code: DataErrorCode, message?: string, cause?: unknown) {
    super(message ?? code);
    this.name = 'DataError';
    this.code = code;
    this.cause = cause;
  }
}

/** The code of any error: a DataError's or a FirebaseError's code, else 'unknown'. */
export function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return 'unknown';
}

/** True for the database's rule rejection (client SDK: Error 'PERMISSION_DENIED'). */
export function isPermissionDenied(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /permission[_ ]denied/i.test(text) || errorCode(error).toLowerCase().includes('permission');
}

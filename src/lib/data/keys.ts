// Realtime Database keys may not contain . $ # [ ] / (nor control characters). A sign record's
// `configs` is keyed by its guide's file name ("A.gif"), so those keys are stored
// percent-encoded ("A%2Egif") and decoded where they enter the app; everything outside the data
// layer sees the plain file name.

const FORBIDDEN = /[%.$#[\]/\u0000-\u001f\u007f]/g;

export function encodeKey(key: string): string {
  return key.replace(FORBIDDEN, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/** Applies `code` to every key of an object (one level). */
export function mapKeys<T>(value: Record<string, T>, code: (key: string) => string): Record<string, T> {
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [code(key), entry]));
}

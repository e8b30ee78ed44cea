// The one username rule, shared by the forms, the data functions and (written out again in
// database.rules.json) the database: the change-username charset of product.md §5 Validation (letters, digits,
// underscore, space), 3 to 20 characters, no space at either end and never two in a row.
// Uniqueness is case-insensitive: the index key `usernames/{key}` is the name lowercased, while
// the profile (`users/{uid}/info/username`) keeps the case the learner typed.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** Words of [A-Za-z0-9_] separated by single spaces. database.rules.json holds the same pattern. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+( [A-Za-z0-9_]+)*$/;

/** What a learner typed, made canonical: no space at either end, runs of spaces made one. Other
 * characters are left alone, for the rule to refuse. */
export function normalizeUsername(typed: string): string {
  return typed.trim().replace(/ {2,}/g, ' ');
}

/** True when the (already normalised) name can be stored. */
export function isValidUsername(name: string): boolean {
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);
}

/** The key of a name in the `usernames/` index: normalised and lowercased, so 'Admin' and
 * 'admin ' are one name. */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toLowerCase();
}

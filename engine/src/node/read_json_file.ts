import { readFile } from 'node:fs/promises';

/** Reads and parses a JSON file; errors name the file and what is wrong with it. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`${path}: cannot read file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
}

/** Turns a zod error into one line per problem, each with its path in the file. */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, limit = 5): string {
  const lines = issues.slice(0, limit).map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  if (issues.length > limit) lines.push(`... and ${issues.length - limit} more`);
  return lines.join('; ');
}

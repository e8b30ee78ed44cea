/**
 * Minimal `--name value` / `--flag` / `--list value [value ...]` parsing for the engine's
 * commands, with clear errors. A list's values are joined with '\n' in its string.
 */
export function parseFlags(args: readonly string[], spec: { values: readonly string[]; booleans?: readonly string[]; lists?: readonly string[] }): Record<string, string | boolean> {
  const result: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (spec.booleans?.includes(name)) {
      result[name] = true;
    } else if (spec.lists?.includes(name)) {
      const values: string[] = [];
      while (i + 1 < args.length && !args[i + 1]!.startsWith('--')) values.push(args[++i]!);
      if (values.length === 0) throw new Error(`--${name} needs at least one value`);
      result[name] = values.join('\n');
    } else if (spec.values.includes(name)) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      result[name] = value;
      i++;
    } else {
      throw new Error(`unknown option --${name}`);
    }
  }
  return result;
}

export function requireFlag(flags: Record<string, string | boolean>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string') throw new Error(`missing --${name}`);
  return value;
}

// The engine's command line: `npm run engine -- <command> [options]` from the repository root.
type Command = { usage: string; run: (args: readonly string[]) => Promise<void> };

// Each command's module is loaded when it runs: the tracker's commands (track, author) load
// TF.js and its models' code, seconds of start-up that scoring a file or building references
// does not need.
const commands: Record<string, () => Promise<Command>> = {
  'build-references': async () => {
    const { buildReferencesUsage, runBuildReferences } = await import('./build_references.ts');
    return { usage: buildReferencesUsage, run: runBuildReferences };
  },
  score: async () => {
    const { runScore, scoreUsage } = await import('./score.ts');
    return { usage: scoreUsage, run: runScore };
  },
  'make-fixture': async () => {
    const { makeFixtureUsage, runMakeFixture } = await import('./make_fixture.ts');
    return { usage: makeFixtureUsage, run: runMakeFixture };
  },
  track: async () => {
    const { runTrack, trackUsage } = await import('./track.ts');
    return { usage: trackUsage, run: runTrack };
  },
  'render-guides': async () => {
    const { renderGuidesUsage, runRenderGuides } = await import('./render_guides.ts');
    return { usage: renderGuidesUsage, run: runRenderGuides };
  },
  author: async () => {
    const { authorUsage, runAuthor } = await import('./author.ts');
    return { usage: authorUsage, run: runAuthor };
  },
  confusion: async () => {
    const { confusionUsage, runConfusion } = await import('./confusion.ts');
    return { usage: confusionUsage, run: runConfusion };
  },
};

async function usage(): Promise<string> {
  const all = await Promise.all(Object.values(commands).map((load) => load()));
  return ['usage: npm run engine -- <command> [options]', ...all.map((c) => `  ${c.usage}`)].join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  // npm runs workspace scripts inside engine/; paths on the command line are the caller's.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    console.log(await usage());
    return;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) throw new Error(`unknown command "${name}"\n${await usage()}`);
  await (await load()).run(args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

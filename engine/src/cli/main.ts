// The engine's command line: `npm run engine -- <command> [options]` from the repository root.
import { buildReferencesUsage, runBuildReferences } from './build_references.ts';
import { confusionUsage, runConfusion } from './confusion.ts';
import { makeFixtureUsage, runMakeFixture } from './make_fixture.ts';
import { runScore, scoreUsage } from './score.ts';
import { runTrack, trackUsage } from './track.ts';
import { renderGuidesUsage, runRenderGuides } from './render_guides.ts';
import { authorUsage, runAuthor } from './author.ts';

type Command = { usage: string; run: (args: readonly string[]) => Promise<void> };

const commands: Record<string, Command> = {
  'build-references': { usage: buildReferencesUsage, run: runBuildReferences },
  score: { usage: scoreUsage, run: runScore },
  'make-fixture': { usage: makeFixtureUsage, run: runMakeFixture },
  track: { usage: trackUsage, run: runTrack },
  'render-guides': { usage: renderGuidesUsage, run: runRenderGuides },
  author: { usage: authorUsage, run: runAuthor },
  confusion: { usage: confusionUsage, run: runConfusion },
};

function usage(): string {
  return ['usage: npm run engine -- <command> [options]', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  // npm runs workspace scripts inside engine/; paths on the command line are the caller's.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    console.log(usage());
    return;
  }
  const command = commands[name];
  if (!command) throw new Error(`unknown command "${name}"\n${usage()}`);
  await command.run(args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

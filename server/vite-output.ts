// Vite's own start-up lines, as `npm start` shows them. Vite prints the address it listens on,
// `➜  Local:   http://127.0.0.1:5173/`, and that host is the marketing landing page (the host
// rule, docs/engineer/app.md): a newcomer who opens it never reaches the app. The line is rewritten to
// the learning host, with the landing page named beside it.

const ANSI = /\x1b\[[0-9;]*m/g;
const LOCAL_LINE = /^\s*➜\s+Local:\s+(https?:\/\/\S+?)\/?\s*$/;

/** The line to print for one line of Vite's output. */
export function viteLineForLearners(line: string, learningUrl: string): string {
  const local = LOCAL_LINE.exec(line.replace(ANSI, ''));
  if (!local) return line;
  return `  ➜  Local:   ${learningUrl}/  (the learning app; ${local[1]}/ is the landing page)`;
}

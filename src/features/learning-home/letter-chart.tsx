// 'Your letters': the language's letters (American's 26) as a compact SVG chart (no chart library: a tile, a bar and a
// letter each), coloured strong, weak or not yet practised (letterStrength), the bar's height the
// letter's score; each tile's title gives the figures. Below it, the 'Practise my weakest
// letters' lesson built from the same statistics.
import { Link } from 'wouter';
import { letterScore, letterStrength, medianTimeMs, weakestLetters, type LetterStats } from '@/lib/data/letter-stats.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const TILE = 36;
const GAP = 4;
const ROW = 46;
const BAR_HEIGHT = 8;
/** Room for the tiles' 1-unit outline, which straddles their edges. */
const OUTLINE = 1;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function tileTitle(letter: string, stats: LetterStats | undefined): string {
  if (!stats || stats.attempts === 0) return `${letter}: not yet practised`;
  const median = medianTimeMs(stats);
  return `${letter}: ${letterStrength(stats)}; ${stats.attempts} attempts, ${stats.completions} completed, ${stats.flags} flagged${median === null ? '' : `, median time ${seconds(median)}`}`;
}

/** `letters`: the language's alphabet (American's 26 by default; Austrian's 31 with SCH and the umlauts).
 * `onSelectLetter`: a tile clicked shows that letter's hand beside the chart (the panel's own
 * picker is the keyboard's way there; the chart stays one picture for screen readers). */
export function LetterChart({ stats, letters = ALPHABET, onSelectLetter }: { stats: Readonly<Record<string, LetterStats>>; letters?: readonly string[]; onSelectLetter?: (letter: string) => void }) {
  // Two rows of tiles, each TILE + BAR_HEIGHT tall: 13 columns for American's 26 letters.
  const COLUMNS = Math.ceil(letters.length / 2);
  const WIDTH = COLUMNS * (TILE + GAP) - GAP;
  const HEIGHT = ROW + TILE + BAR_HEIGHT;
  const counts = { strong: 0, weak: 0, untried: 0 };
  for (const letter of letters) counts[letterStrength(stats[letter])]++;
  const weakest = weakestLetters(stats);
  const summary = `${counts.strong} strong, ${counts.weak} weak, ${counts.untried} not yet practised`;
  return (
    <section className="letter-progress" aria-labelledby="letter-progress-title" data-testid="letter-progress">
      <div className="letter-progress__head">
        <h2 id="letter-progress-title">Your letters</h2>
        <p className="letter-progress__summary">{summary}</p>
      </div>
      <svg className="letter-chart" viewBox={`${-OUTLINE} ${-OUTLINE} ${WIDTH + 2 * OUTLINE} ${HEIGHT + 2 * OUTLINE}`} role="img" aria-label={`Your letters: ${summary}`}>
        {letters.map((letter, i) => {
          const s = stats[letter];
          const strength = letterStrength(s);
          const score = letterScore(s) ?? 0;
          const x = (i % COLUMNS) * (TILE + GAP);
          const y = Math.floor(i / COLUMNS) * ROW;
          return (
            <g key={letter} className={`letter-chart__tile letter-chart__tile--${strength}`} data-letter={letter} data-strength={strength} onClick={() => onSelectLetter?.(letter)}>
              <title>{tileTitle(letter, s)}</title>
              <rect className="letter-chart__box" x={x} y={y} width={TILE} height={TILE + BAR_HEIGHT} rx={6} />
              {strength === 'untried' ? null : <rect className="letter-chart__bar" x={x + 4} y={y + TILE} width={(TILE - 8) * score} height={4} rx={2} />}
              <text className="letter-chart__letter" x={x + TILE / 2} y={y + TILE / 2 + 7} textAnchor="middle" textLength={letter.length > 2 ? TILE - 8 : undefined} lengthAdjust="spacingAndGlyphs">
                {letter}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="letter-progress__legend" aria-hidden="true">
        <li className="letter-progress__key letter-progress__key--strong">strong</li>
        <li className="letter-progress__key letter-progress__key--weak">weak</li>
        <li className="letter-progress__key letter-progress__key--untried">not yet practised</li>
      </ul>
      {weakest.length > 0 ? (
        <Link href={`/camera?letters=${weakest.join(',')}`} className="button button--primary letter-progress__practise">
          Practise my weakest letters: {weakest.join(', ')}
        </Link>
      ) : (
        <p className="letter-progress__empty">Practise a lesson: each letter you sign shows here, and your weakest ones become a lesson of their own.</p>
      )}
    </section>
  );
}

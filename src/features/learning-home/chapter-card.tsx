import { Link } from 'wouter';

/** A chapter of the shown level: 'Chapter N', 'Lessons done/total' and a progress bar. */
export function ChapterCard({ levelIndex, chapterIndex, title, done, total }: {
  levelIndex: number;
  chapterIndex: number;
  title: string | undefined;
  done: number;
  total: number;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const complete = total > 0 && done >= total;
  return (
    <li>
      <Link href={`/lessons?level=${levelIndex}&chapter=${chapterIndex}`} className={complete ? 'chapter-card chapter-card--complete' : 'chapter-card'}>
        <span className="chapter-card__number">Chapter {chapterIndex + 1}</span>
        {title ? <span className="chapter-card__title">{title}</span> : null}
        <span className="chapter-card__count">
          Lessons {done}/{total}
        </span>
        <span
          className="progress"
          role="progressbar"
          aria-label={`Chapter ${chapterIndex + 1} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="progress__bar" style={{ width: `${percent}%` }} />
        </span>
      </Link>
    </li>
  );
}

export function ChapterCardSkeleton() {
  return (
    <li className="chapter-card chapter-card--skeleton" aria-hidden="true" data-testid="chapter-skeleton">
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--short" />
      <span className="skeleton skeleton--bar" />
    </li>
  );
}

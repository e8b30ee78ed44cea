import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LetterGuidePanel } from '@/components/hand-guide/letter-guide-panel.tsx';
import { Logo } from '@/components/logo.tsx';
import { LanguageSelect } from '@/components/language-choice.tsx';
import { lettersOfLanguage } from '@/lib/data/languages.ts';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { lessonProgress, completedLessons } from '@/lib/session-storage/session-storage.ts';
import { ChapterCard, ChapterCardSkeleton } from './chapter-card.tsx';
import { LetterChart } from './letter-chart.tsx';
import { LevelPicker } from './level-picker.tsx';
import { ReadPracticeCard } from './read-practice-card.tsx';
import { chapterTotal, useLearningHome } from './use-learning-home.ts';
import { useLetterStats } from './use-letter-stats.ts';
import './learning-home.css';

/** product.md §9 Constants: seven skeleton cards while loading. */
export const SKELETON_COUNT = 7;

export default function LearningHomePage({ headerActions }: { headerActions?: ReactNode }) {
  const profile = useAuthProfile();
  const search = useSearch();
  const [, navigate] = useLocation();
  const endOfChapter = new URLSearchParams(search).get('end_of_chapter') === 'true';
  // product.md §4 States: after a level unlock the query string is cleared.
  const clearQuery = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const home = useLearningHome(profile?.uid ?? '', endOfChapter, clearQuery);
  const letterStats = useLetterStats(profile?.uid ?? '', home.language);
  const [guideLetter, setGuideLetter] = useState('A');
  const language = home.language ?? DEFAULT_LANGUAGE;
  // The hand is drawn from the language's own recordings (every letter of each alphabet has one),
  // its letters in the order the alphabet is taught.
  const guideLetters = lettersOfLanguage(language);
  const shownGuideLetter = guideLetters.includes(guideLetter) ? guideLetter : guideLetters[0]!;

  useEffect(() => {
    // product.md §2 Screens: the page body does not scroll; the chapter list scrolls inside.
    document.documentElement.classList.add('no-page-scroll');
    return () => document.documentElement.classList.remove('no-page-scroll');
  }, []);

  const { chapters, levelIndex, maxLevel } = home;
  return (
    <div className="learning-home">
      <header className="app-header">
        <Link href="/" aria-label="SignLearn home" className="app-header__logo">
          <Logo />
        </Link>
        {levelIndex !== null && maxLevel !== null ? (
          <LevelPicker levelIndex={levelIndex} maxLevel={maxLevel} onSelect={home.selectLevel} />
        ) : (
          <span className="level-picker__placeholder" aria-hidden="true" />
        )}
        <div className="app-header__actions">
          <LanguageSelect uid={profile?.uid ?? ''} language={home.language} />
          {headerActions}
        </div>
      </header>
      <main className="learning-home__main" aria-busy={chapters === null}>
        <div className="learning-home__letters">
          {letterStats ? <LetterChart stats={letterStats} letters={lettersOfLanguage(language)} onSelectLetter={setGuideLetter} /> : null}
          <ReadPracticeCard uid={profile?.uid ?? ''} language={home.language} />
          {home.language !== null && guideLetters.length > 0 ? (
            <LetterGuidePanel className="learning-home__guide" language={language} letters={guideLetters} selected={shownGuideLetter} onSelect={setGuideLetter} />
          ) : null}
        </div>
        <h1 className="learning-home__title">{levelIndex !== null ? `Level ${levelIndex + 1} chapters` : 'Your chapters'}</h1>
        {chapters === null ? (
          <ul className="chapter-list" aria-label="Loading chapters">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <ChapterCardSkeleton key={i} />
            ))}
          </ul>
        ) : chapters.length === 0 ? (
          <p className="learning-home__empty">No chapters available for this level yet.</p>
        ) : (
          <ul className="chapter-list" aria-label={`Chapters of level ${(levelIndex ?? 0) + 1}`}>
            {chapters.map((chapter, i) => {
              const total = chapterTotal(chapter);
              return (
                <ChapterCard
                  key={i}
                  levelIndex={levelIndex ?? 0}
                  chapterIndex={i}
                  title={chapter.title}
                  total={total}
                  done={completedLessons(lessonProgress(levelIndex ?? 0, i), total)}
                />
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}

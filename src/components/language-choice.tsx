// The learner's sign language: saved in `users/{uid}/currentLanguage`, then the learning
// home opens again on that language's levels, progress and letter statistics (each kept per
// language). Two looks: a select for the learning home's header, and radio items for the account
// menu; both switch the same way.
import { useState } from 'react';
import { toast } from 'sonner';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { SIGN_LANGUAGES } from '@/lib/data/languages.ts';
import { saveCurrentLanguage } from '@/lib/data/users.ts';
import { currentLanguage, switchSessionLanguage } from '@/lib/session-storage/session-storage.ts';

/** Saves the choice, resets the session's per-language values and opens the learning home. */
export async function switchLanguage(uid: string, language: string, homeHref = '/'): Promise<void> {
  if (language === currentLanguage()) return;
  try {
    await saveCurrentLanguage(uid, language);
  } catch (error) {
    console.error('Changing the language failed', error);
    toast.error('Your language could not be changed. Please try again.');
    return;
  }
  switchSessionLanguage(language);
  // A full load: every screen then reads the new language from the start.
  window.location.assign(homeHref);
}

/** The width below which the header's select names each language by its abbreviation (global.css). */
export const NARROW_HEADER_QUERY = '(max-width: 480px)';

export function LanguageSelect({ uid, language }: { uid: string; language: string | null }) {
  const [busy, setBusy] = useState(false);
  // A phone's header shares its row with the level picker, the flag and the account menu.
  const narrow = useMediaQuery(NARROW_HEADER_QUERY);
  return (
    <label className="language-select">
      <span className="visually-hidden">Sign language</span>
      <select
        value={language ?? currentLanguage()}
        disabled={busy || !uid || language === null}
        onChange={(event) => {
          setBusy(true);
          void switchLanguage(uid, event.target.value).finally(() => setBusy(false));
        }}
      >
        {SIGN_LANGUAGES.map((option) => (
          <option key={option.key} value={option.key} aria-label={option.shortName}>
            {narrow ? option.abbreviation : option.shortName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The account menu's items: one radio item a language. */
export function LanguageMenuItems({ uid, homeHref }: { uid: string; homeHref: string }) {
  const current = currentLanguage();
  return (
    <>
      <li role="none" className="menu__label" aria-hidden="true">
        Sign language
      </li>
      {SIGN_LANGUAGES.map((option) => (
        <li role="none" key={option.key}>
          <button
            type="button"
            role="menuitemradio"
            aria-checked={option.key === current}
            className="menu__item"
            tabIndex={-1}
            onClick={() => void switchLanguage(uid, option.key, homeHref)}
          >
            {option.shortName}
          </button>
        </li>
      ))}
    </>
  );
}

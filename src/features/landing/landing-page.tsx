// The marketing landing page (product.md §2 Screens "/ (landing)"), served on every host other than the
// learning subdomain. It stays light: no Firebase, no engine; the account menu arrives as a
// lazily loaded slot from the app.
import type { ReactNode } from 'react';
import { Accordion } from '@/components/accordion.tsx';
import { Logo } from '@/components/logo.tsx';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { learningUrl } from '@/lib/host/learning-host.ts';
import { readSession } from '@/lib/session-storage/session-storage.ts';
import { landingLanguages, landingStats, languagesFaq } from './curriculum-stats.ts';
import { builtOn, CONTACT_EMAIL, features, howItWorks, landingFaq } from './landing-content.ts';
import { LandingNavbar } from './landing-navbar.tsx';
import './landing.css';

/** Lesson 1 (open to every learner) done by the recorded signer on the camera screen. */
export const WATCH_RECORDED_SIGNER_PATH = '/camera?level=0&chapter=0&lesson=0&watch=signer';

export default function LandingPage({ accountMenu }: { accountMenu?: ReactNode }) {
  const profile = useAuthProfile();
  // product.md §2 Screens: 'Continue learning' when a user email is known.
  const knownEmail = profile?.email || readSession('email');
  const learnHref = learningUrl('/');
  const registerHref = learningUrl('/register');
  const watchHref = learningUrl(WATCH_RECORDED_SIGNER_PATH);
  const stats = landingStats();
  return (
    <div className="landing" id="top">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LandingNavbar learnHref={learnHref} registerHref={registerHref} accountMenu={profile?.isAuthenticated ? accountMenu ?? null : null} />
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__text">
            <p className="hero__eyebrow">Sign language, one sign at a time</p>
            <h1 id="hero-title">Learn sign language faster with real-time feedback</h1>
            <p className="hero__lead">
              Practise with your webcam while the app checks your hands and arms as you sign. Camera images never leave your computer.
            </p>
            <div className="hero__actions">
              {knownEmail ? (
                <a className="button button--primary" href={learnHref}>
                  Continue learning
                </a>
              ) : (
                <a className="button button--primary" href={registerHref}>
                  Start free
                </a>
              )}
              <a className="button button--secondary" href="#how_it_works">
                See how it works
              </a>
            </div>
          </div>
          <div className="hero__media">
            {/* No drawn demo: the practice screen itself, with a real recording of a signer's hand
                (in the learner's language) going through lesson 1 in place of the camera. */}
            <a className="hero__watch" href={watchHref}>
              <span className="hero__watch-play" aria-hidden="true">
                ▶
              </span>
              <span className="hero__watch-title">Watch a recorded signer</span>
              <span className="hero__watch-text">
                No webcam? See a lesson done by a real recording of a signer&apos;s hand, in the practice screen itself: the tracked
                skeleton, the progress ring and the completed lesson. Sign in first, or use the demo learner.
              </span>
            </a>
          </div>
        </section>

        <section className="stats" aria-label="At a glance">
          <dl className="stats__list">
            <div className="stats__item">
              <dt>Accuracy checks</dt>
              <dd>Real-time</dd>
            </div>
            <div className="stats__item">
              <dt>Lesson length</dt>
              <dd>{stats.lessonLength}</dd>
            </div>
            <div className="stats__item">
              <dt>Curriculum</dt>
              <dd>
                {stats.signs}
                <span className="stats__note">{stats.curriculum}</span>
              </dd>
            </div>
            <div className="stats__item">
              <dt>Sign languages</dt>
              <dd>
                <ul className="stats__languages" aria-label="Sign languages">
                  {landingLanguages().map((language) => (
                    <li key={language.key}>
                      {language.name}
                      <span className="stats__note">{language.content}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div className="stats__item">
              <dt>Practice mode</dt>
              <dd>Unlimited</dd>
            </div>
          </dl>
        </section>

        <section className="section" id="how_it_works" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            {howItWorks.map((step, i) => (
              <li className="step" key={step.title}>
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="section section--alt" id="features" aria-labelledby="features-title">
          <h2 id="features-title">Features</h2>
          <ul className="feature-grid">
            {features.map((feature) => (
              <li className="feature-card" key={feature.title}>
                <h3>
                  {feature.title}
                  {'soon' in feature ? <span className="badge">Soon</span> : null}
                </h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="built-on-title">
          <h2 id="built-on-title">What it is built on</h2>
          <ul className="built-on">
            {builtOn.map((item) => (
              <li className="built-on__item" key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
                <p className="built-on__source">{item.source}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section section--alt" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <div className="faq">
            <Accordion entries={[...landingFaq, languagesFaq()].map((entry) => ({ question: entry.question, answer: <p>{entry.answer}</p> }))} />
          </div>
        </section>

        <section className="cta" aria-labelledby="cta-title">
          <h2 id="cta-title">Ready to sign your first word?</h2>
          <p>{stats.waiting}</p>
          {knownEmail ? (
            <a className="button button--light" href={learnHref}>
              Continue learning
            </a>
          ) : (
            <a className="button button--light" href={registerHref}>
              Create free account
            </a>
          )}
        </section>
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <Logo />
          <p>
            Contact: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
          <p className="footer__copyright">© {new Date().getFullYear()} the SignLearn authors. Free software under the MIT licence.</p>
        </div>
      </footer>
    </div>
  );
}

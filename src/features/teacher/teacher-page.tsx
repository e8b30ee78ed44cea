// /teach: a teacher records a sign that moves (the camera, or a video file), sees the tracked
// skeleton, trims the clip, names the sign, checks it (signing it again must complete it, another
// sign must not) and publishes it to a chapter of a language; learners find the sign, its guide
// (the recorded skeleton) and its lesson at once. Only a teacher (`teachers/{uid}`, granted by an
// administrator; database.rules.json) may publish. Frames never leave the machine: only the
// finished record is written.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { buildSkeletonGuide } from '@signlearn/engine/recordings/skeleton_guide';
import { BackButton } from '@/components/back-button.tsx';
import { SkeletonGuideView } from '@/components/skeleton-guide.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import type { CompiledMovement } from '@signlearn/engine/movement/compiled_movement';
import { movementsOfSigns, signsOfChapter } from '@/lib/content/chapter-moving-signs.ts';
import { getLevel } from '@/lib/data/content.ts';
import type { Lesson } from '@/lib/data/schemas.ts';
import { PICKER_LEVEL_COUNT } from '@/lib/data/curriculum.ts';
import { SIGN_LANGUAGES } from '@/lib/data/languages.ts';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';
import { clipSource, type Clip } from './clip-frames.ts';
import { clipMessages } from './clip-problems.ts';
import { draftSign, signNameProblem, takeCompletes, type Draft } from './draft-sign.ts';
import { drawClipFrame } from './draw-clip-frame.ts';
import { isTeacher, publishSign, type Published } from './publish-sign.ts';
import { ClipError, ClipTracker } from './track-clip.ts';
import './teacher.css';

type Purpose = 'sign' | 'again' | 'other';
type Tracking = { purpose: Purpose; text: string } | null;

const PURPOSE_TEXT: Record<Purpose, string> = { sign: 'the sign', again: 'the sign made again', other: 'another sign' };

export default function TeacherPage() {
  const profile = useAuthProfile();
  const [role, setRole] = useState<'checking' | 'teacher' | 'learner'>('checking');
  useEffect(() => {
    if (!profile?.uid) return;
    let live = true;
    isTeacher(profile.uid)
      .then((teacher) => live && setRole(teacher ? 'teacher' : 'learner'))
      .catch(() => live && setRole('learner'));
    return () => {
      live = false;
    };
  }, [profile?.uid]);

  if (role === 'checking') {
    return (
      <main className="teacher">
        <Spinner label="Checking your account" />
      </main>
    );
  }
  if (role === 'learner') {
    return (
      <main className="teacher">
        <BackButton />
        <h1>Record a sign</h1>
        <p role="alert" data-testid="not-teacher">
          Recording and publishing signs is for teachers. Ask your school&apos;s administrator to make your account a teacher&apos;s.
        </p>
      </main>
    );
  }
  return <TeacherStudio uid={profile!.uid} />;
}

function TeacherStudio({ uid }: { uid: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tracker = useMemo(() => new ClipTracker(), []);
  useEffect(() => () => tracker.dispose(), [tracker]);

  const [clip, setClip] = useState<Clip | null>(null);
  const [problem, setProblem] = useState<{ purpose: Purpose; message: string } | null>(null);
  const [tracking, setTracking] = useState<Tracking>(null);
  const [recording, setRecording] = useState<Purpose | null>(null);
  const recordingRef = useRef<Purpose | null>(null);
  const [trim, setTrim] = useState<[number, number]>([0, 0]);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState(DEFAULT_LANGUAGE);
  const [levelIndex, setLevelIndex] = useState(0);
  const [chapters, setChapters] = useState<{ title: string; lessons: Lesson[] }[]>([]);
  const [chapterIndex, setChapterIndex] = useState(0);
  // The chosen chapter's signs that move: a check judges a take as learners' takes will be judged,
  // those followed alongside (a sign they fit better never completes for a learner).
  const [chapterMoving, setChapterMoving] = useState<CompiledMovement[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [checks, setChecks] = useState<{ again: boolean | null; other: boolean | null }>({ again: null, other: null });
  const [published, setPublished] = useState<Published | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);

  useEffect(() => {
    let live = true;
    getLevel(language, levelIndex)
      .then((level) => live && setChapters(level.chapters.map((c, i) => ({ title: c.title ?? `Chapter ${i + 1}`, lessons: c.lessons }))))
      .catch(() => live && setChapters([]));
    setChapterIndex(0);
    return () => {
      live = false;
    };
  }, [language, levelIndex]);

  const chapterLessons = chapters[chapterIndex]?.lessons;
  useEffect(() => {
    let live = true;
    setChapterMoving([]);
    if (chapterLessons) {
      void movementsOfSigns(language, signsOfChapter(chapterLessons)).then((movements) => live && setChapterMoving(movements));
    }
    return () => {
      live = false;
    };
  }, [language, chapterLessons]);

  const draw = (frame: LandmarkFrame) => {
    const canvas = canvasRef.current;
    const video = videoRef.current;
    if (canvas && video) drawClipFrame(canvas, video, frame);
  };

  /** A clip for `purpose` is in: the sign's own resets everything after it; a check is judged. */
  const accept = (purpose: Purpose, label: string, frames: LandmarkFrame[]) => {
    if (purpose === 'sign') {
      setClip({ label, frames });
      setTrim([0, Math.max(0, frames.length - 1)]);
      setDraft(null);
      setChecks({ again: null, other: null });
      setPublished(null);
      // The clip must be one the builder can use at all: no person, the hand lost for half of it,
      // or no movement are said now.
      const whole = draftSign('CLIP', frames, 0, frames.length - 1);
      if (!whole.ok) setProblem({ purpose, message: whole.message });
      return;
    }
    if (!draft?.ok) return;
    const done = takeCompletes(draft.compiled, frames, chapterMoving.filter((movement) => movement.signName !== draft.compiled.reference.signName));
    setChecks((current) => ({ ...current, [purpose]: purpose === 'again' ? done : !done }));
  };

  const pickFile = async (purpose: Purpose, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const video = videoRef.current;
    if (!file || !video) return;
    setProblem(null);
    setTracking({ purpose, text: `Reading ${file.name}…` });
    try {
      const frames = await tracker.trackFile(video, file, (frame, done, total) => {
        draw(frame);
        setTracking({ purpose, text: `Tracking ${PURPOSE_TEXT[purpose]}: frame ${done} of ${total}` });
      });
      accept(purpose, file.name, frames);
    } catch (error) {
      setProblem({ purpose, message: error instanceof ClipError ? error.message : `The video could not be tracked: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setTracking(null);
    }
  };

  const toggleCamera = async (purpose: Purpose) => {
    const video = videoRef.current;
    if (!video) return;
    if (recordingRef.current === purpose) {
      recordingRef.current = null;
      setRecording(null);
      return;
    }
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 960 } });
    } catch (error) {
      setProblem({ purpose, message: clipMessages.cameraRefused(error instanceof Error ? error.message : String(error)) });
      return;
    }
    video.removeAttribute('src');
    video.srcObject = stream;
    video.muted = true;
    await video.play();
    recordingRef.current = purpose;
    setRecording(purpose);
    try {
      const frames = await tracker.trackCamera(video, draw, () => recordingRef.current === purpose);
      accept(purpose, 'the camera', frames);
    } catch (error) {
      setProblem({ purpose, message: error instanceof Error ? error.message : String(error) });
    } finally {
      stream.getTracks().forEach((track) => track.stop());
      video.srcObject = null;
    }
  };

  const frames = useMemo(() => clip?.frames ?? [], [clip]);
  const [start, end] = trim;
  const seconds = (index: number) => ((frames[index]?.timestampMs ?? 0) - (frames[0]?.timestampMs ?? 0)) / 1000;
  const preview = useMemo(() => (frames.length > 1 && end > start ? buildSkeletonGuide(clipSource('preview', frames, start, end)) : null), [frames, start, end]);
  const nameProblem = signNameProblem(name.trim());
  const busy = tracking !== null || recording !== null;

  const makeSign = () => {
    setChecks({ again: null, other: null });
    setPublished(null);
    setDraft(draftSign(name.trim(), frames, start, end));
  };

  const publish = async () => {
    if (!draft?.ok) return;
    setPublishing(true);
    setPublishError(null);
    try {
      setPublished(await publishSign({ uid, language, name: name.trim(), levelIndex, chapterIndex }, draft.record));
    } catch (error) {
      setPublishError(`Publishing failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setPublishing(false);
    }
  };

  const source = (purpose: Purpose, what: string) => (
    <div className="teacher__source">
      <button type="button" className="button button--secondary" disabled={busy && recording !== purpose} onClick={() => void toggleCamera(purpose)}>
        {recording === purpose ? 'Stop recording' : `Record ${what} with the camera`}
      </button>
      <label className="button button--secondary teacher__file">
        Pick a video file of {what}
        <input type="file" accept="video/*" disabled={busy} data-testid={`teacher-file-${purpose}`} onChange={(event) => void pickFile(purpose, event)} />
      </label>
      {problem?.purpose === purpose ? (
        <p className="teacher__problem" role="alert" data-testid={`teacher-problem-${purpose}`}>
          {problem.message}
        </p>
      ) : null}
    </div>
  );

  return (
    <main className="teacher" aria-labelledby="teacher-title">
      <BackButton />
      <h1 id="teacher-title">Record a sign</h1>
      <p className="teacher__intro">
        Sign it once in front of the camera, or pick a video of it: face the camera, head, shoulders and hands in view, then make the whole movement. The video stays on this computer; only
        the finished sign is published.
      </p>

      <section aria-labelledby="teacher-clip">
        <h2 id="teacher-clip">1. The clip</h2>
        {source('sign', 'the sign')}
        <div className="teacher__stage">
          <video ref={videoRef} className="teacher__video" playsInline muted aria-label="The clip being tracked" />
          <canvas ref={canvasRef} className="teacher__overlay" aria-hidden="true" data-testid="teacher-skeleton" />
        </div>
        <p role="status" data-testid="teacher-status">
          {tracking?.text ?? (recording ? 'Recording: make the sign, then stop.' : clip ? `Tracked ${clip.frames.length} frames of ${clip.label}.` : '')}
        </p>
      </section>

      {clip && clip.frames.length > 1 && problem?.purpose !== 'sign' ? (
        <section aria-labelledby="teacher-trim">
          <h2 id="teacher-trim">2. Trim it to the sign</h2>
          <div className="teacher__trim">
            <label>
              Start
              <input type="range" aria-label="Start" min={0} max={frames.length - 1} value={start} onChange={(event) => setTrim([Math.min(Number(event.target.value), end - 1), end])} />
            </label>
            <label>
              End
              <input type="range" aria-label="End" min={0} max={frames.length - 1} value={end} onChange={(event) => setTrim([start, Math.max(Number(event.target.value), start + 1)])} />
            </label>
            <p data-testid="teacher-trim-text">
              {seconds(start).toFixed(1)} s to {seconds(end).toFixed(1)} s ({end - start + 1} frames)
            </p>
          </div>
          {preview ? <SkeletonGuideView guide={preview} label="What learners will see: the recorded skeleton" className="teacher__preview" /> : null}

          <h2>3. Name it and choose its chapter</h2>
          <div className="teacher__place">
            <label className="field">
              <span className="field__label">Sign name</span>
              <input className="field__input" value={name} maxLength={30} onChange={(event) => setName(event.target.value.toUpperCase())} aria-invalid={name !== '' && nameProblem !== null} />
              {name !== '' && nameProblem ? <span className="field__error">{nameProblem}</span> : null}
            </label>
            <label className="field">
              <span className="field__label">Language</span>
              <select className="field__input" value={language} onChange={(event) => setLanguage(event.target.value)}>
                {SIGN_LANGUAGES.map((l) => (
                  <option key={l.key} value={l.key}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Level</span>
              <select className="field__input" value={levelIndex} onChange={(event) => setLevelIndex(Number(event.target.value))}>
                {Array.from({ length: PICKER_LEVEL_COUNT }, (_, i) => (
                  <option key={i} value={i}>
                    Level {i + 1}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Chapter</span>
              <select className="field__input" value={chapterIndex} onChange={(event) => setChapterIndex(Number(event.target.value))} disabled={chapters.length === 0}>
                {chapters.map(({ title }, i) => (
                  <option key={i} value={i}>
                    Chapter {i + 1}: {title}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <button type="button" className="button button--primary" disabled={nameProblem !== null || busy} onClick={makeSign}>
            Make the sign
          </button>
          {draft && !draft.ok ? (
            <p className="teacher__problem" role="alert" data-testid="teacher-problem-draft">
              {draft.message}
            </p>
          ) : null}
        </section>
      ) : null}

      {draft?.ok ? (
        <section aria-labelledby="teacher-check">
          <h2 id="teacher-check">4. Check it</h2>
          <p>Sign it again: it must complete. Then make another sign: it must not.</p>
          {source('again', 'the sign again')}
          <p data-testid="teacher-check-again">{checks.again === null ? 'Not checked yet.' : checks.again ? 'Signed again: it completes.' : 'Signed again: it did not complete. Trim the clip or record the sign again.'}</p>
          {source('other', 'another sign')}
          <p data-testid="teacher-check-other">{checks.other === null ? 'Not checked yet.' : checks.other ? 'Another sign: refused.' : 'Another sign completes it too: record the sign with a clearer movement.'}</p>
          <button type="button" className="button button--primary" disabled={!(checks.again && checks.other) || publishing || published !== null} onClick={() => void publish()}>
            {publishing ? 'Publishing…' : 'Publish'}
          </button>
          {publishError ? (
            <p className="teacher__problem" role="alert">
              {publishError}
            </p>
          ) : null}
          {published ? (
            <p role="status" data-testid="teacher-published">
              Published: learners find {name.trim()} in Level {published.levelIndex + 1}, Chapter {published.chapterIndex + 1}, Lesson {published.lessonIndex + 1}.{' '}
              <Link href={`/lessons?level=${published.levelIndex}&chapter=${published.chapterIndex}`}>Open the chapter</Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}

// The camera practice screen of one lesson (product.md §2.10 Camera, §4.7 Practice flow): mirrored
// live video with the learner's skeleton over it, the top bar (the sign's name and circular
// progress, the lesson bar), the guide animation, what to fix (practice-hint.tsx), the banners,
// the flag dialog, the tips bar, the side panel and the 'Lesson Completed!' card with its 4 s
// auto-continue. This file holds the screen's state and wires the parts. What the camera sees of
// the learner (nobody, no hand, a hand) decides the hint (camera-presence.ts). The learner may
// practise with a video file instead of the camera, or watch a recorded signer do the lesson
// (`&watch=signer`): then the screen says so, and nothing is saved (no progress, no letter
// statistics).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { useLocation, useSearch } from 'wouter';
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { LESSON_CONTINUE_DELAY_MS } from '@signlearn/engine/core/constants';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { guideUrl } from '@/lib/data/content.ts';
import { wordLettersOf } from '@/lib/data/languages.ts';
import { currentLanguage, readSession, writeSession } from '@/lib/session-storage/session-storage.ts';
import { releaseWarmTracker, warmUpTracker } from '@/lib/tracker-warmup/tracker-warmup.ts';
import { presenceMessage } from '../practice/camera-presence.ts';
import { FlagSignModal } from './flag-sign-modal.tsx';
import { InputPicker } from './input-picker.tsx';
import { createLandmarkSource, tracksCamera } from '../landmarks/create-landmark-source.ts';
import { createLetterStatsRecorder, type LetterStatsRecorder } from '../practice/letter-stats-recorder.ts';
import { practiceTitle, type PracticeTarget } from '../lesson/practice-target.ts';
import { usePracticeLesson } from '../lesson/use-practice-lesson.ts';
import { PracticeController } from '../practice/practice-controller.ts';
import { recordedSignerPresenceMessage } from './recorded-signer-hint.ts';
import { usePracticeView } from '../practice/use-practice-view.ts';
import { CameraLostBanner, ProblemBanner, StartingBanner } from './practice-banners.tsx';
import { PracticeHint } from './practice-hint.tsx';
import { PracticeTopBar } from './practice-top-bar.tsx';
import { GuideOverlay, LessonCompleteCard, TipsBar } from './practice-widgets.tsx';
import { saveCompletedLesson } from '../practice/save-progress.ts';
import { SidePanel } from './side-panel.tsx';
import { useMatchMode } from '../practice/use-match-mode.ts';
import { videoInputFactory, type PracticeInput } from '../stream/video-input.ts';
import { addressWatching, WATCH_PARAM, WATCH_SIGNER } from './watch-signer-address.ts';

/** The camera screen's own toaster: its toasts pass taps through (camera.css), so that a toast
 * over the top bar never stands between the learner and the lesson details or the flag. */
const CAMERA_TOASTER = 'camera';
/** product.md §9 Constants: toasts on the camera screen close after 1 s. */
const TOAST = { duration: 1000, toasterId: CAMERA_TOASTER } as const;

export function PracticeScreen({ target }: { target: PracticeTarget }) {
  // A letters practice (the weakest letters) is no curriculum lesson: no lesson address.
  const address = target.kind === 'lesson' ? target.address : null;
  const [, navigate] = useLocation();
  const search = useSearch();
  const profile = useAuthProfile();
  const email = profile?.email || readSession('email') || '';
  const language = currentLanguage();
  // The screen is remounted when its address changes, so the address's choice is read once.
  const [input, setInput] = useState<PracticeInput>(() =>
    new URLSearchParams(search).get(WATCH_PARAM) === WATCH_SIGNER ? { kind: 'recording' } : { kind: 'camera' },
  );
  const watching = input.kind === 'recording';
  // When the screen opened: the first skeleton is timed from here (practice-controller.ts).
  const [openedAt] = useState(() => performance.now());
  // The tracker starts now, while the lesson loads, unless the lesson page already warmed it up
  // (src/lib/tracker-warmup); a screen that tracks no camera frees a warm one at once.
  useEffect(() => {
    if (tracksCamera(new URLSearchParams(window.location.search), watching)) warmUpTracker();
    else releaseWarmTracker();
  }, [watching]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [lessonState, setLessonState] = usePracticeLesson(language, target);
  const [controller, setController] = useState<PracticeController | null>(null);
  // The judge is each learner's own (remembered under their uid).
  const [mode, setMode] = useMatchMode(profile?.uid ?? null);
  const [flagOpen, setFlagOpen] = useState(false);
  // Narrow screens: the side panel is a drawer opened from the top bar.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [continueAtMs, setContinueAtMs] = useState<number | null>(null);
  const continued = useRef(false);
  const view = usePracticeView(controller);
  const lessonCount = lessonState.status === 'ready' ? lessonState.lesson.lessonCount : 0;
  const hasNextLesson = address !== null && address.lessonIndex + 1 < lessonCount;
  const uid = profile?.uid ?? readSession('uid');
  // Each run of the lesson (a new input starts it again) has its own recorder; the recorded
  // signer's has nobody to write for.
  const letterStats = useRef<LetterStatsRecorder | null>(null);
  const backToLessons = useCallback(
    () => navigate(address ? `/lessons?level=${address.levelIndex}&chapter=${address.chapterIndex}` : '/'),
    [address, navigate],
  );

  const continueLesson = useCallback(() => {
    if (continued.current) return;
    continued.current = true;
    // A watched lesson was not the learner's: it unlocks nothing, so it leads back to the lessons.
    if (watching) {
      backToLessons();
      return;
    }
    if (address === null) {
      navigate('/');
      return;
    }
    const { levelIndex, chapterIndex, lessonIndex } = address;
    if (hasNextLesson) {
      navigate(`/camera?level=${levelIndex}&chapter=${chapterIndex}&lesson=${lessonIndex + 1}`);
    } else {
      writeSession('endOfChapter', true);
      navigate('/?end_of_chapter=true');
    }
  }, [address, hasNextLesson, navigate, watching, backToLessons]);

  const onEvent = useRef<(event: PracticeEvent) => void>(() => {});
  onEvent.current = (event) => {
    letterStats.current?.onEvent(event);
    switch (event.type) {
      case 'signUnavailable':
        toast.warning(`"${event.signName}" has no reference recording yet, so it was skipped.`, TOAST);
        break;
      case 'signComplete':
        if (event.signsDone < event.signCount) {
          toast.success(event.skipped ? `"${event.signName}" skipped` : `Well done: "${event.signName}" complete!`, TOAST);
        }
        break;
      case 'lessonComplete':
        setContinueAtMs(performance.now() + LESSON_CONTINUE_DELAY_MS);
        if (address === null || watching) break;
        saveCompletedLesson(address).catch((error: unknown) => {
          console.error('Saving lesson progress failed', error);
          toast.error('Your progress could not be saved. Check your connection.', TOAST);
        });
        break;
      case 'lessonContinue':
        continueLesson();
        break;
      default:
        break;
    }
  };

  const signs = lessonState.status === 'ready' ? lessonState.lesson.signs : null;
  // Loaded with the signs (a new lesson brings both).
  const otherMovingSigns = lessonState.status === 'ready' ? lessonState.lesson.otherMovingSigns : undefined;
  // The match mode is read when the lesson starts and applied to a running controller below;
  // changing it never restarts the lesson.
  const modeAtStart = useRef(mode);
  modeAtStart.current = mode;
  useEffect(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!signs || !video || !canvas) return;
    let created: PracticeController | null = null;
    let live = true;
    const search = new URLSearchParams(window.location.search);
    const recorder = createLetterStatsRecorder(input.kind === 'recording' ? null : uid, language);
    letterStats.current = recorder;
    continued.current = false;
    setContinueAtMs(null);
    createLandmarkSource(search, { recording: input.kind === 'recording', signNames: signs.map((sign) => sign.name), language })
      .then((source) => {
        if (!live) return source.stop();
        created = new PracticeController({
          signs,
          otherMovingSigns,
          source,
          video,
          canvas,
          matchMode: modeAtStart.current,
          onEvent: (event) => onEvent.current(event),
          perf: search.get('perf') === '1',
          createInput: videoInputFactory(input),
          onHandSeen: (signIndex) => recorder.handSeen(signIndex),
          openedAt,
          onSignNotRecorded: (name) => toast.warning(`The recorded signer has no recording of "${name}", so it was skipped.`, TOAST),
        });
        setController(created);
        void created.start();
      })
      .catch((error: unknown) => live && setLessonState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
      created?.dispose();
      setController(null);
    };
    // The learner's uid and language are fixed for the screen's life (a new address remounts it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signs, input]);

  useEffect(() => controller?.setMatchMode(mode), [controller, mode]);
  useEffect(() => controller?.hold(flagOpen), [controller, flagOpen]);
  // How the language's alphabet spells a word (ÖGS SCH is one letter); fixed with the language.
  const lettersOf = useMemo(() => wordLettersOf(language), [language]);

  const title = practiceTitle(target);
  const words = lessonState.status === 'ready' ? lessonState.lesson.words : undefined;
  const signName = view?.signName ?? signs?.[0]?.name ?? '';
  const guide = view?.guideFileName ? guideUrl(language, view.guideFileName) : null;
  const watchSigner = () => navigate(addressWatching(search, true));
  const useCamera = () => (watching ? navigate(addressWatching(search, false)) : setInput({ kind: 'camera' }));
  // A recording is not the learner: it is never told to sit in the picture or raise a hand.
  const presenceHint = view ? (watching ? recordedSignerPresenceMessage(view.presence) : presenceMessage(view.presence, view.handSide)) : null;

  return (
    <main className="practice" aria-label="Camera practice">
      {/* product.md §2.10 Camera: top-right. A 1 s notice has nothing to tap: no close button, and taps reach the
          top bar beneath it (a hovered sonner toast would also stop its own 1 s clock). */}
      <Toaster id={CAMERA_TOASTER} position="top-right" richColors className="camera-toaster" />
      <section className="practice__stage">
        <video
          ref={videoRef}
          className="practice__video"
          muted
          playsInline
          autoPlay
          aria-label={input.kind === 'file' ? `Your video file ${input.file.name}, mirrored` : 'Your camera, mirrored'}
          hidden={watching}
        />
        <canvas
          ref={canvasRef}
          className="practice__overlay"
          aria-hidden="true"
          data-first-skeleton-ms={view?.firstSkeletonMs ?? undefined}
        />

        <PracticeTopBar
          view={view}
          signName={signName}
          signCount={signs?.length ?? 0}
          words={words}
          lettersOf={lettersOf}
          detailsOpen={detailsOpen}
          onBack={backToLessons}
          onToggleDetails={() => setDetailsOpen((open) => !open)}
          onFlag={() => setFlagOpen(true)}
        />

        {watching ? (
          <p className="practice__recording" role="note" data-testid="recording-label">
            Recording: a recorded signer&apos;s hand, not you
          </p>
        ) : null}

        {view && view.status !== 'error' ? <GuideOverlay src={guide} signName={signName} language={language} skeleton={lessonState.status === 'ready' ? lessonState.lesson.guides?.[signName] : null} /> : null}

        {view?.status === 'practising' ? <PracticeHint view={view} presenceHint={presenceHint} signName={signName} wordLesson={Boolean(words)} watching={watching} /> : null}

        {lessonState.status === 'loading' || view?.status === 'starting' || (signs && !view) ? <StartingBanner watching={watching} onWatchSigner={watchSigner} /> : null}
        {lessonState.status === 'error' || view?.status === 'error' ? (
          <ProblemBanner
            message={lessonState.status === 'error' ? lessonState.message : view?.error}
            cameraProblem={view?.cameraProblem}
            showAdvice={lessonState.status !== 'error'}
            watching={watching}
            onWatchSigner={watchSigner}
            onBack={backToLessons}
          />
        ) : null}
        {view?.cameraLost ? <CameraLostBanner onReconnect={() => void controller?.reconnectCamera()} /> : null}

        {view?.stageTimes ? (
          <pre className="practice__perf" data-testid="perf-overlay" aria-label="Tracker stage times">
            {[`${view.trackerFps?.toFixed(1) ?? '…'} frames/s`, ...view.stageTimes].join('\n')}
          </pre>
        ) : null}

        <TipsBar />
      </section>

      <SidePanel
        title={title}
        signs={signs ?? []}
        view={view}
        mode={mode}
        onModeChange={setMode}
        open={detailsOpen}
        onClose={() => setDetailsOpen(false)}
        inputs={<InputPicker input={input} onWatchSigner={watchSigner} onUseCamera={useCamera} onUseFile={(file) => setInput({ kind: 'file', file })} />}
      />

      {view?.status === 'completed' && continueAtMs !== null ? (
        <LessonCompleteCard
          onNext={continueLesson}
          continueAtMs={continueAtMs}
          buttonLabel={watching ? 'Back to lessons' : 'Next Lesson'}
          text={watching ? 'The recorded signer completed the lesson: now try it yourself.' : undefined}
          nextLabel={watching ? 'Back to lessons' : hasNextLesson ? 'Next lesson' : 'Back to your chapters'}
        />
      ) : null}

      <FlagSignModal
        open={flagOpen}
        onOpenChange={setFlagOpen}
        signName={signName}
        signIndex={view?.signIndex ?? 0}
        email={email}
        onSkip={(index) => controller?.skipSign(index)}
      />
    </main>
  );
}

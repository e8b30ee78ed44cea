// The practice loop (engine/src/practice/practice_loop.ts): the one place a landmark frame becomes
// a practice decision. Replay runs through it, and it runs exactly the steps the engine defines
// (angles with the mode's orientation, the mode's features, the mode's matcher, the session).
import { beforeAll, describe, expect, it } from 'vitest';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { createPreciseFeatureTracker } from '../../engine/src/precise/precise_features.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import { createMatcher, createMatchModeRuntime, DEFAULT_MATCH_MODE, hasFreeStartWindow, type MatchMode } from '../../engine/src/practice/match_mode.ts';
import type { PracticeEvent } from '../../engine/src/practice/practice_events.ts';
import { PracticeLoop, prepareAngleFrame } from '../../engine/src/practice/practice_loop.ts';
import { PracticeSession, type PracticeSign } from '../../engine/src/practice/practice_session.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { buildPracticeFixture } from '../../engine/src/recordings/build_practice_fixture.ts';
import { alphabetSource, fixtureSource, type LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { replayLesson } from '../../engine/src/replay/replay_lesson.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

const LESSON = ['A', 'S', 'B', 'L'];
let recordings: Map<string, AlphabetRecording>;
let signs: PracticeSign[];
let source: LandmarkSource;

beforeAll(async () => {
  recordings = await loadAlphabetFolder(ALPHABET_DIR);
  const compiled = compileLesson(
    LESSON.map((name) => ({ name, record: buildReferenceSign(sourceToAngleFrames(alphabetSource(name, recordings.get(name)!)), `${name}.gif`) })),
  );
  signs = LESSON.map((name, i) => ({ name, compiled: compiled[i]! }));
  source = fixtureSource('lesson', buildPracticeFixture(recordings, LESSON, 8));
}, 60_000);

/** The lesson fed through the engine's steps wired by hand, as the camera screen once did. */
function byHand(mode: MatchMode): PracticeEvent[] {
  const events: PracticeEvent[] = [];
  const session = new PracticeSession(signs, { matcher: createMatcher(mode), freeStartWindow: () => hasFreeStartWindow(mode), onEvent: (e) => events.push(e) });
  const landmarks = createLandmarkFrame();
  const angles = createAngleFrame();
  const features = createPreciseFeatureTracker();
  let last = 0;
  session.start(0);
  for (let i = 0; i < source.frameCount && session.phase === 'practising'; i++) {
    source.read(i, landmarks);
    computeAngleFrame(landmarks, angles, mode !== 'spec');
    if (mode === 'precise') features.update(landmarks, angles);
    last = landmarks.timestampMs;
    session.onFrame(angles, last);
  }
  session.tick(last + 5000);
  return events;
}

describe('the practice loop', () => {
  it.each(['precise', 'spec'] as const)('replays a lesson in %s mode with the same events as the steps wired by hand', (mode) => {
    const replayed = replayLesson(source, signs, { mode });
    expect(replayed.events).toEqual(byHand(mode));
    expect(replayed.events.filter((e) => e.type === 'signComplete').length).toBeGreaterThan(0);
  }, 60_000);

  it('computes precise mode\'s hand orientation and shape features, and the SPEC mode neither', () => {
    const landmarks = createLandmarkFrame();
    source.read(0, landmarks);
    const precise = new PracticeLoop(signs, { mode: 'precise', onEvent: () => {} });
    const spec = new PracticeLoop(signs, { mode: 'spec', onEvent: () => {} });
    precise.start(0);
    spec.start(0);
    precise.onLandmarks(landmarks, 0);
    spec.onLandmarks(landmarks, 0);
    expect(precise.angles.shapePresent?.[1]).toBe(1);
    expect(Math.hypot(precise.angles.rightHandOrientation[0]!, precise.angles.rightHandOrientation[1]!)).toBeGreaterThan(0.5);
    expect(spec.angles.shapePresent).toBeUndefined();
    expect(Array.from(spec.angles.rightHandOrientation)).toEqual([0, 0, 0]);
    expect(Array.from(spec.angles.rightHand)).toEqual(Array.from(precise.angles.rightHand));
  });

  it('applies a mode change from the next frame on, without restarting the lesson', () => {
    const events: PracticeEvent[] = [];
    const loop = new PracticeLoop(signs, { mode: 'spec', onEvent: (e) => events.push(e) });
    const landmarks = createLandmarkFrame();
    loop.start(0);
    for (let i = 0; i < 30; i++) {
      source.read(i, landmarks);
      loop.onLandmarks(landmarks, landmarks.timestampMs);
    }
    const position = loop.position;
    expect(position).toBeGreaterThan(0);
    loop.setMode('precise');
    expect(loop.mode).toBe('precise');
    expect(loop.judged).toBe(false);
    expect(loop.position).toBe(position);
    source.read(30, landmarks);
    loop.onLandmarks(landmarks, landmarks.timestampMs);
    expect(loop.angles.shapePresent?.[1]).toBe(1);
    expect(events.filter((e) => e.type === 'signStarted')).toHaveLength(1);
  });

  it('says when its report describes the latest frame: not while locked, not after a skipped frame', () => {
    const loop = new PracticeLoop(signs, { onEvent: () => {} });
    const landmarks = createLandmarkFrame();
    source.read(0, landmarks);
    loop.start(0);
    loop.onLandmarks(landmarks, 10);
    expect(loop.judged).toBe(true);
    loop.skipFrame();
    expect(loop.judged).toBe(false);
    loop.skipSign(20);
    expect(loop.isLocked(30)).toBe(true);
    loop.onLandmarks(landmarks, 30);
    expect(loop.judged).toBe(false);
    loop.onLandmarks(landmarks, 1100);
    expect(loop.judged).toBe(true);
  });

  it('defaults, as PracticeSession does, to the one default judge: the handshape judge, with no free start', () => {
    expect(DEFAULT_MATCH_MODE).toBe('handshape');
    expect(new PracticeLoop(signs, { onEvent: () => {} }).mode).toBe(DEFAULT_MATCH_MODE);
    // Signs with the handshape judge's models (the references the app builds), so that the judges differ.
    const built = buildAlphabetReferences(new Map(LESSON.map((name) => [name, recordings.get(name)!])));
    const compiled = compileLesson(LESSON.map((name) => ({ name, record: built.get(name)!.record })));
    const judged = LESSON.map((name, i) => ({ name, compiled: compiled[i]! }));
    expect(judged.every((sign) => sign.compiled.handshape !== null)).toBe(true);
    const landmarks = createLandmarkFrame();
    const byLoop = (mode?: MatchMode) => {
      const events: PracticeEvent[] = [];
      const loop = new PracticeLoop(judged, { mode, onEvent: (e) => events.push(e) });
      loop.start(0);
      for (let i = 0; i < source.frameCount; i++) {
        source.read(i, landmarks);
        loop.onLandmarks(landmarks, landmarks.timestampMs);
      }
      return events;
    };
    // A session given no judge, its frames prepared by the default judge's runtime as the loop prepares them.
    const bySession = () => {
      const events: PracticeEvent[] = [];
      const session = new PracticeSession(judged, { onEvent: (e) => events.push(e) });
      const runtime = createMatchModeRuntime(DEFAULT_MATCH_MODE);
      const angles = createAngleFrame();
      session.start(0);
      for (let i = 0; i < source.frameCount; i++) {
        source.read(i, landmarks);
        session.tick(landmarks.timestampMs);
        if (session.phase !== 'practising') continue;
        prepareAngleFrame(landmarks, angles, runtime);
        session.onFrame(angles, landmarks.timestampMs);
      }
      return events;
    };
    const byDefault = byLoop();
    expect(byDefault.filter((e) => e.type === 'signComplete').length).toBeGreaterThan(0);
    expect(byDefault).toEqual(byLoop('handshape'));
    expect(byDefault).not.toEqual(byLoop('spec'));
    expect(bySession()).toEqual(byDefault);
  }, 60_000);
});

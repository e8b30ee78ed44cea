// The default judge on one photograph's landmarks: the photograph held for HOLD_SECONDS at
// JUDGED_FPS judged frames a second against each of the 26 references, compiled together as one
// lesson (as `npm run engine score -- --references` does), through the engine's own scoring
// (score/score_recording.ts: the practice loop in the app's default matching mode).
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import type { HandshapeCompileOptions } from '../../engine/src/handshape/handshape_judge_settings.ts';
import type { ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { photoKey, type Photo } from './photos.ts';
import { handFound } from './track_photos.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { DEFAULT_MATCH_MODE, type MatchMode } from '../../engine/src/practice/match_mode.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { framesSource, type LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';
import { scoreRecording } from '../../engine/src/score/score_recording.ts';
import { ALPHABET_DIR, PEOPLE_HANDS_FILE } from '../../server/paths.ts';
import { loadPeopleHands } from '../../engine/src/node/load_people_hands.ts';
import { existsSync } from 'node:fs';

/** How long a photograph is held in front of the judge, and at how many judged frames a second. */
export const HOLD_SECONDS = 10;
export const JUDGED_FPS = 30;

/** The references a learner practises against, built as the app's seed builds them, compiled as one lesson. */
export interface Judge {
  mode: MatchMode;
  letters: string[];
  compiled: Map<string, CompiledSign>;
}

/** The committed judge: the references as the app's seed builds them (`withPeople` false: without other people's prototypes, data/real-photos/people-hands.json, as they were built before those). */
export async function loadJudge(mode: MatchMode = DEFAULT_MATCH_MODE, withPeople = true): Promise<Judge> {
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR), withPeople && existsSync(PEOPLE_HANDS_FILE) ? { people: await loadPeopleHands(PEOPLE_HANDS_FILE) } : {});
  return judgeOf(new Map([...built].map(([letter, reference]) => [letter, reference.record])), {}, mode);
}

/** The references `records` (by letter) compiled as one lesson with the handshape models weighed and judged as `handshape` says (a judge learned on one fold of the photographs). */
export function judgeOf(records: ReadonlyMap<string, ReferenceSign>, handshape: HandshapeCompileOptions, mode: MatchMode = DEFAULT_MATCH_MODE): Judge {
  const letters = [...records.keys()].sort();
  const compiled = compileLesson(letters.map((name) => ({ name, record: records.get(name)! })), handshape);
  return { mode, letters, compiled: new Map(letters.map((letter, i) => [letter, compiled[i]!])) };
}

/** A recording of one frame (scoreRecording cycles it for the whole hold). */
export function stillSource(name: string, frame: LandmarkFrame): LandmarkSource {
  return framesSource(name, [frame]);
}

/** Per reference letter, the seconds the held photograph took to complete it, or null (not within the hold). */
export type PhotoJudgement = Record<string, number | null>;

export function judgePhoto(judge: Judge, name: string, frame: LandmarkFrame): PhotoJudgement {
  return judgeSource(judge, stillSource(name, frame), 'cycle');
}

/**
 * The same for a still camera's frames (video mode): played as the camera gave them, one judged
 * frame each, then the last one held for the rest of the HOLD_SECONDS (not cycled back to the
 * first frames, where the tracker was starting up).
 */
export function judgeCameraFrames(judge: Judge, name: string, frames: readonly LandmarkFrame[]): PhotoJudgement {
  return judgeSource(judge, framesSource(name, frames), 'holdLast');
}

function judgeSource(judge: Judge, source: LandmarkSource, afterEnd: 'cycle' | 'holdLast'): PhotoJudgement {
  const out: PhotoJudgement = {};
  for (const letter of judge.letters) {
    const score = scoreRecording(judge.compiled.get(letter)!, source, { mode: judge.mode, fps: JUDGED_FPS, seconds: HOLD_SECONDS, afterEnd });
    out[letter] = score.completed ? score.secondsToComplete : null;
  }
  return out;
}

/** One photograph through our tracker in video mode: what the judge made of its frames, and the hand frame by frame. */
export interface VideoPhotoResult {
  found: boolean;
  judgement: PhotoJudgement | null;
  /** Frames (of `frames`) with a hand on either side, and whether the last (the one held) has one. */
  handFrames: number;
  frames: number;
  lastFrameHand: boolean;
}


/** Judges each photograph's frame, the ones with no hand skipped (nothing can complete on them). */
export function judgePhotos(judge: Judge, photos: readonly Photo[], frames: (photo: Photo) => LandmarkFrame | null, log: (line: string) => void, label: string): Map<string, { found: boolean; judgement: PhotoJudgement | null } | null> {
  const out = new Map<string, { found: boolean; judgement: PhotoJudgement | null } | null>();
  photos.forEach((photo, i) => {
    if (i % 40 === 0) log(`signers: judging ${label}: photographs ${i + 1}-${Math.min(i + 40, photos.length)} of ${photos.length} (${judge.letters.length} references, ${HOLD_SECONDS} s each)`);
    const frame = frames(photo);
    if (!frame) {
      out.set(photoKey(photo), null);
      return;
    }
    const found = handFound(frame);
    out.set(photoKey(photo), { found, judgement: found ? judgePhoto(judge, photoKey(photo), frame) : null });
  });
  return out;
}

/** Judges each photograph's camera frames (video mode), the ones with no hand in any frame skipped. */
export function judgeVideos(judge: Judge, photos: readonly Photo[], frames: (photo: Photo) => LandmarkFrame[], log: (line: string) => void): Map<string, VideoPhotoResult> {
  const out = new Map<string, VideoPhotoResult>();
  photos.forEach((photo, i) => {
    if (i % 40 === 0) log(`signers: judging our tracker's video-mode landmarks: photographs ${i + 1}-${Math.min(i + 40, photos.length)} of ${photos.length} (played, then the last frame held; ${HOLD_SECONDS} s in all)`);
    const played = frames(photo);
    const handFrames = played.filter(handFound).length;
    out.set(photoKey(photo), {
      found: handFrames > 0,
      judgement: handFrames > 0 ? judgeCameraFrames(judge, photoKey(photo), played) : null,
      handFrames,
      frames: played.length,
      lastFrameHand: handFound(played[played.length - 1]!),
    });
  });
  return out;
}


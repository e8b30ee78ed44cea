// The default judge on one photograph's landmarks: the photograph held for HOLD_SECONDS at
// JUDGED_FPS judged frames a second against each of the 26 references, compiled together as one
// lesson (as `npm run engine score -- --references` does), through the engine's own scoring
// (score/score_recording.ts: the practice loop in the app's default matching mode).
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { DEFAULT_MATCH_MODE, type MatchMode } from '../../engine/src/practice/match_mode.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { framesSource, type LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';
import { scoreRecording } from '../../engine/src/score/score_recording.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

/** How long a photograph is held in front of the judge, and at how many judged frames a second. */
export const HOLD_SECONDS = 10;
export const JUDGED_FPS = 30;

/** The references a learner practises against, built as the app's seed builds them, compiled as one lesson. */
export interface Judge {
  mode: MatchMode;
  letters: string[];
  compiled: Map<string, CompiledSign>;
}

export async function loadJudge(mode: MatchMode = DEFAULT_MATCH_MODE): Promise<Judge> {
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR));
  const letters = [...built.keys()].sort();
  const compiled = compileLesson(letters.map((name) => ({ name, record: built.get(name)!.record })));
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

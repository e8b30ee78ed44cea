import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../core/landmark_frame.ts';
import { agreesWithDefinition, buildHandshapeModels, HANDSHAPE_MODEL_BUILD, type HandshapeTrainingSign, type PersonHand } from '../handshape/build_handshape_models.ts';
import { MANUAL_ALPHABET, type LetterDefinition } from '../handshape/manual_alphabet.ts';
import { referenceSlice } from '../practice/reference_slice.ts';
import { buildReferenceSign } from '../reference/build_reference_sign.ts';
import { NATURAL_HOLD_FPS, NATURAL_HOLD_FRAMES, naturalHoldIndices } from '../reference/natural_hold.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import { foldsAnExtendedFinger, repairTrackingArtefacts, typicalFrames } from '../reference/tracking_artefacts.ts';
import type { AlphabetRecording } from './alphabet_recording_schema.ts';
import { alphabetSource, RECORDING_FPS, type LandmarkSource } from './landmark_source.ts';
import { sourceToAngleFrames } from './source_to_angle_frames.ts';


export interface AlphabetReference {
  record: ReferenceSign;
  movement: 'held' | 'moving';
  /** The recording's frames the reference was built from (its training frames), in order. The
   * others are held out: a learner replaying them signs frames the reference never saw. */
  training: number[];
  /** Frames of the training range whose angles had tracking artefacts, repaired in the record
   * and left out of the handshape model (reference/tracking_artefacts.ts). */
  artefacts: number[];
}

/** A moving sign's reference is at least this many frames long. */
export const MIN_MOVEMENT_FRAMES = 30;

/**
 * A moving sign's reference frames: consecutive candidates at the recording's own speed (never
 * resampled: a tracing compressed in time would ask the learner to trace faster than the signer
 * did), centred on its longest run of frames whose sustained speed reaches `movingSpeed` (its
 * movement, traced once). Twice that run long, so that the practice slice (the middle half,
 * SPEC 4) is about one tracing, the middle of the movement; between MIN_MOVEMENT_FRAMES and
 * NATURAL_HOLD_FRAMES, and no more than the candidates.
 */
function movementWindow(candidates: readonly number[], speeds: readonly number[], movingSpeed: number): number[] {
  let best = { start: 0, length: 0 };
  let start = 0;
  for (let i = 0; i <= speeds.length; i++) {
    if (i < speeds.length && speeds[i]! >= movingSpeed) continue;
    if (i - start > best.length) best = { start, length: i - start };
    start = i + 1;
  }
  const length = Math.min(candidates.length, NATURAL_HOLD_FRAMES, Math.max(MIN_MOVEMENT_FRAMES, 2 * best.length));
  const centre = best.start + best.length / 2;
  const first = Math.max(0, Math.min(candidates.length - length, Math.round(centre - length / 2)));
  return candidates.slice(first, first + length);
}

/**
 * The recorded alphabet (data/asl-alphabet) -> one reference per letter, built from the middle
 * half of its recording (the SPEC's slice: the first and last quarters stay held out for
 * evaluation):
 *   - a held letter becomes a natural hold, its tracking artefacts repaired: NATURAL_HOLD_FRAMES
 *     frames at NATURAL_HOLD_FPS sampled evenly over its typical frames (natural_hold.ts,
 *     tracking_artefacts.ts);
 *   - a moving letter (J, Z) keeps its frames unrepaired (its folded fingers flip as the hand
 *     travels, in the learner's frames too, and the SPEC's degreesOfFreedom must measure that),
 *     consecutive and at the recording's speed around its tracing (movementWindow): its joint
 *     angles do not show where the hand travels; the handshape judge checks the movement;
 * and frames whose fingers contradict the letter's definition (manual_alphabet.ts) are left out
 * of both as tracking mistakes; precise mode calibrates on the frames left (a moving letter's:
 * those in which the hand moves; none that reads an extended finger folded), as tracked (the
 * record's `calibration`);
 * every record carries its handshape model (handshape/build_handshape_models.ts), built from
 * the clean training frames of all the letters together, so each model knows the letters it is
 * most easily confused with.
 */
export function buildAlphabetReferences(recordings: ReadonlyMap<string, AlphabetRecording>, prototypes: Pick<AlphabetBuildOptions, 'views' | 'fists' | 'people'> = {}): Map<string, AlphabetReference> {
  const sources = new Map<string, AlphabetSource>();
  for (const [sign, recording] of recordings) sources.set(sign, { source: alphabetSource(sign, recording), fps: RECORDING_FPS });
  return buildAlphabetReferencesFromSources(sources, MANUAL_ALPHABET, prototypes);
}

/** A letter's recording as the builder reads it: its frames, and the rate they were filmed at. */
export interface AlphabetSource {
  source: LandmarkSource;
  fps: number;
}

export interface AlphabetBuildOptions {
  /**
   * Per letter, the frames of its source its reference learns from (in order), in place of the
   * SPEC's middle half. For evaluation only: a lexicon letter too short to leave held-out frames
   * of what it is (a 10-frame hold; a moving letter whose one movement lies in the middle half)
   * is tested by building it from one half of its span and replaying the other
   * (bench/acceptance/fingerspelling_acceptance.ts). The references an app serves never pass it.
   */
  training?: ReadonlyMap<string, readonly number[]>;
  /** The angles each handshape prototype is also seen from (buildHandshapeModels's `views`; its default when absent). For the bench's tuning (bench/signers-judge/tune_views.ts). */
  views?: readonly (readonly [number, number])[];
  /** How a fist's prototypes are also closed (buildHandshapeModels's `fists`; its default when absent). For the bench's tuning (bench/signers-judge/tune_judge.ts). */
  fists?: readonly (readonly [number, number])[];
  /** By letter, other people's hands making it (their photographed letters, data/real-photos): prototypes of its handshape model beside the recording's (buildHandshapeModels). */
  people?: ReadonlyMap<string, readonly PersonHand[]>;
}

/**
 * buildAlphabetReferences for any manual alphabet: its letters' recordings (`sources`) and the
 * language's definitions of its letters (`definitions`: fingers and movement, as
 * handshape/manual_alphabet.ts has them for American). A moving letter's record keeps its
 * recording's own frame rate.
 */
export function buildAlphabetReferencesFromSources(
  sources: ReadonlyMap<string, AlphabetSource>,
  definitions: Readonly<Record<string, LetterDefinition>> = MANUAL_ALPHABET,
  options: AlphabetBuildOptions = {},
): Map<string, AlphabetReference> {
  return withHandshapeModels(prepareAlphabetReferences(sources, definitions, options), options);
}

/** The references of an alphabet before their handshape models: each letter's record (angles, calibration) and what its model learns from. */
export interface PreparedAlphabet {
  built: ReadonlyMap<string, AlphabetReference>;
  training: readonly HandshapeTrainingSign[];
}

/**
 * The first step of buildAlphabetReferencesFromSources: every letter's angle frames, record and
 * training frames, the part that does not change with how the handshape models are built
 * (views, fists, people), so that a caller trying several (the bench's learning of the judge)
 * reads the recordings once.
 */
export function prepareAlphabetReferences(
  sources: ReadonlyMap<string, AlphabetSource>,
  definitions: Readonly<Record<string, LetterDefinition>> = MANUAL_ALPHABET,
  options: Pick<AlphabetBuildOptions, 'training'> = {},
): PreparedAlphabet {
  const built = new Map<string, AlphabetReference>();
  const training: HandshapeTrainingSign[] = [];
  const slice = new Int32Array(2);
  for (const [sign, { source, fps: recordingFps }] of sources) {
    const angleFrames = sourceToAngleFrames(source);
    referenceSlice(source.frameCount, slice);
    const range = options.training?.get(sign)?.slice() ?? Array.from({ length: slice[1]! }, (_, i) => slice[0]! + i);
    const definition = definitions[sign];
    if (!definition) throw new Error(`"${sign}" is no letter of the manual alphabet (${definitions === MANUAL_ALPHABET ? 'handshape/manual_alphabet.ts' : 'its definitions'})`);
    const { movement, fingers } = definition;
    // The sustained speed the handshape judge reads (palm lengths a second), frame by frame.
    const speedOf = (i: number) => angleFrames[i]!.handSpeed?.[1] ?? 0;
    // Frames whose fingers contradict the letter's definition are the tracker's mistakes (Z's
    // middle finger read as straight for seconds): neither reference nor model learns from them.
    const conforming = range.filter((i) => {
      const descriptors = angleFrames[i]!.rightHandDescriptors;
      return angleFrames[i]!.descriptorsPresent?.[1] === 1 && descriptors !== undefined && agreesWithDefinition(descriptors, fingers);
    });
    const candidates = conforming.length >= MIN_MOVEMENT_FRAMES ? conforming : range;
    const { frames: repairedFrames, repaired } = repairTrackingArtefacts(angleFrames, candidates);
    // A short recording can have every frame repaired (Libras Z, 20 frames: its ring and pinky
    // open and close as it traces): the model then learns from them all rather than from none.
    const unrepaired = candidates.filter((i) => !repaired[i]);
    const unrepairedOrAll = unrepaired.length > 0 ? unrepaired : candidates;
    // And one whose frames that show the letter were all repaired (Libras J learning from the
    // first half of its span: its three frames of an I, then the turn, which reads every finger
    // open) learns from those frames rather than from none of the letter: the model would throw.
    const shows = (i: number) => conforming.includes(i);
    const clean = unrepairedOrAll.some(shows) || conforming.length === 0 ? unrepairedOrAll : conforming;
    const artefacts = range.filter((i) => repaired[i] || !candidates.includes(i));
    const keep =
      movement === 'held'
        ? naturalHoldIndices(typicalFrames(repairedFrames, candidates))
        : movementWindow(candidates, candidates.map(speedOf), HANDSHAPE_MODEL_BUILD.movingSpeed);
    const fps = movement === 'held' ? NATURAL_HOLD_FPS : recordingFps;
    // A moving letter keeps its frames as tracked: its folded fingers flip as the hand travels,
    // in the learner's frames too, and its degreesOfFreedom (the SPEC's own allowance for a
    // moving sign) must measure that.
    const guide = `${sign}.gif`;
    const reference = buildReferenceSign(movement === 'held' ? repairedFrames : angleFrames, guide, { keep, fps });
    // Precise mode calibrates on the signer's performance of the letter in these frames, as
    // tracked: its flips too, which a learner's tracker makes as well (repaired, Z's tracing never
    // completed). The natural hold keeps only the typical 80%, repaired and resampled: calibrated
    // on it, precise mode refused the same signer's P, Q, R and X a few seconds later. A held
    // letter's performance is every candidate; a moving letter's, its movement: the candidates in
    // which the hand moves, or with fewer than MIN_MOVEMENT_FRAMES of them its movement window
    // (J's middle half holds one short tracing among frames that are no J, which J's judges must
    // refuse). Frames that read an extended finger folded past 60 degrees (foldsAnExtendedFinger)
    // are left out, unless too few remain: their angles are not the signer's. In Z's tracing they
    // widened the index's tolerance (PIP 169 degrees, 112 without them), and precise Z, before the
    // contrast step, took in every frame of A and N.
    const moving = candidates.filter((i) => speedOf(i) >= HANDSHAPE_MODEL_BUILD.movingSpeed);
    const performance = movement === 'held' ? candidates : moving.length >= MIN_MOVEMENT_FRAMES ? moving : keep;
    const wellTracked = performance.filter((i) => !foldsAnExtendedFinger(angleFrames[i]!.rightHand, fingers));
    const calibrationFrames = wellTracked.length >= MIN_MOVEMENT_FRAMES ? wellTracked : performance;
    const calibration = buildReferenceSign(angleFrames, guide, { keep: calibrationFrames }).configs[guide]!;
    const record = { ...reference, calibration };
    const frame = createLandmarkFrame();
    const landmarks = clean.map((i) => {
      source.read(i, frame);
      return cloneLandmarkFrame(frame);
    });
    training.push({ name: sign, frames: landmarks, fingers, movement, points: definition.points, hook: definition.hook, crossing: definition.crossing, pointsWith: definition.pointsWith, thumbTouches: definition.thumbTouches, bend: definition.bend, thumbSide: definition.thumbSide, handshapeOf: definition.handshapeOf, speeds: range.map(speedOf) });
    built.set(sign, { record, movement, training: range, artefacts });
  }
  return { built, training };
}

/**
 * The second step: the prepared references with their handshape models, built together
 * (buildHandshapeModels) with `options`' views, fists and other people's hands. Returns new
 * references; `prepared` is left as it was.
 */
export function withHandshapeModels(prepared: PreparedAlphabet, options: Pick<AlphabetBuildOptions, 'views' | 'fists' | 'people'> = {}): Map<string, AlphabetReference> {
  const training = prepared.training.map((sign) => ({ ...sign, people: options.people?.get(sign.name) ?? [] }));
  // A moving letter that traces another's handshape (handshapeOf) learns that handshape from the
  // other letter's recording too: a different performance of the same hand.
  const learning = training.map((sign) => {
    if (sign.handshapeOf === undefined) return sign;
    const other = training.find((t) => t.name === sign.handshapeOf);
    if (!other) throw new Error(`"${sign.name}" traces the handshape of "${sign.handshapeOf}", which is not among the letters built`);
    return { ...sign, frames: [...sign.frames, ...other.frames] };
  });
  const models = buildHandshapeModels(learning, options.views, options.fists);
  return new Map([...prepared.built].map(([sign, reference]) => [sign, { ...reference, record: { ...reference.record, handshape: models.get(sign)! } }]));
}

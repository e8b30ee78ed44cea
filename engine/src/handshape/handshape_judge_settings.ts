/**
 * The handshape judge's numbers, the same for every sign of an alphabet. Distances are root mean
 * squares over the descriptors of (difference / the descriptor's scale), so 1 is one typical step
 * between two people's hands on every descriptor at once.
 *   maxDistance: a hand farther than this from every prototype of the sign is not making it;
 *   maxRatio: a hand must also be this much closer to the sign than to any sign it is easily
 *     confused with (a ratio test: the right sign from an unknown hand is the nearest one);
 *   maxSteps: and within this many scales of the nearest prototype on every single descriptor:
 *     an average hides one descriptor a whole category away (an open hand whose thumb is out and
 *     whose fingers point sideways is no B however close the rest);
 *   askDistance: farther than this, the hand is no attempt at the sign: the learner is asked for
 *     the sign, not told one correction.
 * maxDistance and maxRatio are learned from people's photographed letters with the rest of what
 * the judge learns from them (bench/signers-judge/learn_judge.ts), and the bench's signers stage
 * reports them cross-validated; maxSteps and askDistance were set on the recorded alphabet and its
 * perturbations (bench/acceptance.md).
 */
export interface HandshapeJudgeSettings {
  maxDistance: number;
  maxRatio: number;
  maxSteps: number;
  askDistance: number;
}

/** The judge's numbers as learned on every photograph of data/real-photos (bench/signers.md). */
export const HANDSHAPE_JUDGE: Readonly<HandshapeJudgeSettings> = {
  maxDistance: 1.8,
  maxRatio: 0.9,
  maxSteps: 2.5,
  askDistance: 3,
};

/**
 * How a sign's handshape model is weighed when it is compiled for the judge (definition_weights.ts
 * and compiled_handshape.ts). Each field defaults to the value learned on every photograph:
 *   betweenSigners: how much wider than one signer's scale people differ on the descriptors where
 *     they differ most, in the single-descriptor test. Defaults to BETWEEN_SIGNERS.
 *   tighterCurl: how much a folded finger curled tighter than the prototype's counts, for a letter
 *     that also extends a finger. Defaults to TIGHTER_CURL.
 *   peopleSpread: per descriptor, how much the single-descriptor test's scale is widened. Defaults
 *     to PEOPLE_SPREAD.
 *   judge: the judge's numbers for this sign. Defaults to HANDSHAPE_JUDGE.
 */
export interface HandshapeCompileOptions {
  betweenSigners?: number;
  tighterCurl?: number;
  peopleSpread?: Readonly<Record<string, number>>;
  judge?: Readonly<HandshapeJudgeSettings>;
}

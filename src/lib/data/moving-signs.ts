// The curriculum's signs that move (docs/engineer/moving-signs.md): each built by the seed from one real
// signer's performance (server/moving-signs.ts), as a teacher's recording would be. More signs come
// the same way: a folder of performances in data/ (with its licence and source) and a line here,
// or a teacher's recording through the teacher's page or `npm run engine -- author`.

export interface MovingSignSource {
  /** The sign's name in the curriculum and the database (`signs/{name}`). */
  name: string;
  language: string;
  /** A PopSign-format folder under data/ (engine/src/recordings/popsign_recording.ts). */
  folder: string;
  signer: string;
  sequence: string;
  /** The sign's gloss in the folder. */
  gloss: string;
  /** Who made the recording, as its licence asks to be credited. */
  attribution: string;
}

const POPSIGN = 'PopSign ASL v1.0, Georgia Institute of Technology and Deaf Professional Arts Network, CC BY 4.0';

/**
 * HELLO and THANK YOU from the two performances that did best on the other signers in the
 * cross-validated bench without completing the other sign (bench/moving-signs.md, References):
 * HELLO signed with the right hand, THANK YOU with the left (a learner may use either).
 */
export const MOVING_SIGNS: readonly MovingSignSource[] = [
  { name: 'HELLO', language: 'american', folder: 'popsign-hello-thankyou', signer: '2044', sequence: '3519035635', gloss: 'HELLO', attribution: POPSIGN },
  { name: 'THANK YOU', language: 'american', folder: 'popsign-hello-thankyou', signer: '16069', sequence: '1933462397', gloss: 'THANK-YOU', attribution: POPSIGN },
];

export const movingSignsOf = (language: string): readonly MovingSignSource[] => MOVING_SIGNS.filter((s) => s.language === language);

// The hint under the picture while a recorded signer does the lesson. The learner's hints speak to
// the learner ("I can't see you: sit so ...", "raise your right hand", "Bend your right index
// finger more"); a recording cannot move, and the one watching is not the one judged, so the
// screen says what the recording shows and what the judge makes of it instead.
import type { CameraPresence } from '../practice/camera-presence.ts';

/** The recorded signer's hand out of view (before a repeated letter, between letters): said as
 * such; null while the hand is in view (the judge's message is shown). */
export function recordedSignerPresenceMessage(presence: CameraPresence): string | null {
  return presence === 'nobody' || presence === 'noHand' ? "The recorded signer's hand is out of view for a moment" : null;
}

/** What the judge makes of the recorded signer's hand for `signName`. */
export function recordedSignerJudgeMessage(signName: string, matched: boolean | null, judgeHint: string | null): string {
  if (matched) return `The recorded signer's ${signName} matches: the ring fills`;
  if (judgeHint) return `The judge to the recorded signer: ${judgeHint}`;
  return `The recorded signer signs ${signName}`;
}

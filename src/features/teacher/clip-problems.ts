// What the teacher's page says about a clip it cannot use, and the checks it makes before any
// tracking: a file that is not a video, a video far longer than a sign. The movement builder's own
// refusals (no person, the hand lost for half the clip, no movement) come with its messages
// (engine movement/build_movement_model.ts). Nothing is written for a refused clip.

/** The longest file the page tracks: a sign takes seconds; the page trims a clip to at most 20 s. */
export const MAX_FILE_SECONDS = 60;

export const clipMessages = {
  notVideo: (name: string) => `"${name}" is not a video this browser can play: pick a video file (WebM or MP4) of you signing.`,
  tooLong: (name: string, seconds: number) =>
    `"${name}" is ${formatDuration(seconds)} long: a sign takes a few seconds. Cut the file to the sign (at most ${MAX_FILE_SECONDS} s) and pick it again.`,
  cameraRefused: (reason: string) => `The camera could not be opened: ${reason}`,
  trackerFailed: (reason: string) => `Pose tracking could not start: ${reason}`,
  trackerSilent: 'Pose tracking stopped answering: reload the page and try again.',
  frameUnreadable: (seconds: number, reason: string) => `The browser could not read the clip's frame at ${seconds.toFixed(1)} s (${reason}): pick the file again, or another copy of it.`,
  seekFailed: (name: string, seconds: number) => `"${name}" could not be read at ${seconds.toFixed(1)} s: pick the file again, or another copy of it.`,
} as const;

export function formatDuration(seconds: number): string {
  if (seconds >= 90) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds)} s`;
}

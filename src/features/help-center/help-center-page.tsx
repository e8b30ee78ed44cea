import { Link } from 'wouter';
import { Accordion, type AccordionEntry } from '@/components/accordion.tsx';
import { Logo } from '@/components/logo.tsx';
import './help-center.css';

// product.md §9 Constants: the help center has 11 questions.
const questions: readonly AccordionEntry[] = [
  { question: 'What is SignLearn?', answer: <p>SignLearn teaches sign language with your webcam. You copy each sign and the app checks your hand and body position in real time.</p> },
  { question: 'Do I need a webcam?', answer: <p>Yes. Practice needs a webcam, and SignLearn works best on a desktop or laptop with good lighting.</p> },
  { question: 'Are my camera images sent anywhere?', answer: <p>No. The hand and body keypoints are found by a model that runs in your browser; camera images are never sent to or stored on a server.</p> },
  { question: 'How is the course organised?', answer: <p>The curriculum is split into levels, each level into chapters, and each chapter into short lessons. A lesson is a list of signs.</p> },
  { question: 'How do I unlock the next level?', answer: <p>Complete every lesson of every chapter in your current level; the next level then unlocks automatically.</p> },
  { question: 'Why is a lesson locked?', answer: <p>Lessons open in order. Finish the lesson before it and the next one unlocks.</p> },
  { question: 'How does the app know I signed correctly?', answer: <p>It compares the angles of your arms and fingers with a reference recording of the sign, and moves on when they match closely enough.</p> },
  { question: 'A sign looks wrong. What can I do?', answer: <p>Use the flag icon on the practice screen to tell us what is wrong with the sign.</p> },
  { question: 'How do I change my username or password?', answer: <p>Open the account menu (your initial at the top right) and choose Change username or Change password.</p> },
  { question: 'I forgot my password. What now?', answer: <p>On the login page choose Forgot Password?, enter your email, and follow the link we send you.</p> },
  { question: 'How can I send feedback?', answer: <p>Choose Send feedback in the account menu. We read every message.</p> },
];

export default function HelpCenterPage() {
  return (
    <main className="help-center">
      <header className="help-center__header">
        <Link href="/" aria-label="SignLearn home">
          <Logo />
        </Link>
      </header>
      <h1>Frequently Asked Questions</h1>
      <Accordion entries={questions} numbered headingLevel={2} />
    </main>
  );
}

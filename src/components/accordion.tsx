// An accordion of questions: one panel open at a time, and the open one closes when its button
// is pressed again. Buttons carry aria-expanded/aria-controls; panels are labelled regions.
import { useId, useState, type ReactNode } from 'react';

export interface AccordionEntry {
  question: string;
  answer: ReactNode;
}

export function Accordion({ entries, numbered = false, headingLevel = 3 }: {
  entries: readonly AccordionEntry[];
  numbered?: boolean;
  headingLevel?: 2 | 3;
}) {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="accordion">
      {entries.map((entry, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <li className="accordion__item" key={entry.question}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{numbered ? `${index + 1}. ${entry.question}` : entry.question}</span>
                <span className="accordion__icon" aria-hidden="true">+</span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              {entry.answer}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

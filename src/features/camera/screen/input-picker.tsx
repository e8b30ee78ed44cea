// The practice screen's choice of what it watches: the learner's camera, a video file
// the learner picks (tracked like the camera), or a recorded signer (for anyone without a camera
// who wants to see what practice looks like). Changing it starts the lesson again.
import type { ChangeEvent } from 'react';
import type { PracticeInput } from '../stream/video-input.ts';

export const WATCH_SIGNER_LABEL = 'Watch a recorded signer';

function describeInput(input: PracticeInput): string {
  if (input.kind === 'recording') return 'A recorded signer (not you): real recorded hand landmarks, played into the lesson.';
  if (input.kind === 'file') return `Your video file: ${input.file.name}`;
  return 'Your camera';
}

export function InputPicker({ input, onWatchSigner, onUseCamera, onUseFile }: {
  input: PracticeInput;
  onWatchSigner: () => void;
  onUseCamera: () => void;
  onUseFile: (file: File) => void;
}) {
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onUseFile(file);
  };
  return (
    <section className="practice-panel__section practice-panel__inputs" aria-labelledby="practice-input">
      <h2 id="practice-input">What the screen watches</h2>
      <p className="practice-panel__input-now" data-testid="practice-input">
        {describeInput(input)}
      </p>
      <div className="practice-panel__input-actions">
        {input.kind === 'recording' ? null : (
          <button type="button" className="button button--secondary" onClick={onWatchSigner}>
            {WATCH_SIGNER_LABEL}
          </button>
        )}
        {input.kind === 'camera' ? null : (
          <button type="button" className="button button--secondary" onClick={onUseCamera}>
            Practise with my camera
          </button>
        )}
        <label className="button button--ghost practice-panel__file">
          Use a video file as the camera
          <input type="file" accept="video/*" className="visually-hidden" onChange={onFile} data-testid="video-file-input" />
        </label>
      </div>
    </section>
  );
}

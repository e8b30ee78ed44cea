// The practice screen reads the controller's view through React's external-store hook: a new
// view object on each change, none before the controller exists.
import { useSyncExternalStore } from 'react';
import type { PracticeController } from './practice-controller.ts';
import type { PracticeView } from './practice-view.ts';

const EMPTY_VIEW: PracticeView | null = null;
const noopSubscribe = () => () => {};

export function usePracticeView(controller: PracticeController | null): PracticeView | null {
  return useSyncExternalStore(
    controller ? controller.subscribe : noopSubscribe,
    controller ? controller.getView : () => EMPTY_VIEW,
  );
}

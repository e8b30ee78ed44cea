/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_LEARNING_SUBDOMAIN?: string;
  readonly VITE_LEARNING_ORIGIN?: string;
  /** The tracker's model and WASM files' version (vite.config.ts); absent: no Cache Storage copy. */
  readonly VITE_TRACKER_FILES_VERSION?: string;
}

/** Which backend a build targets: defined by server/vite-production-build.ts, so that
 * `__SIGNLEARN_FIREBASE_TARGET__ === 'production'` folds to `true` in a production build and every
 * emulator default behind it leaves that bundle. Undefined on the dev server and in tests. Written
 * out where it is used: the bundler drops dead code only where the test is in the same module. */
declare const __SIGNLEARN_FIREBASE_TARGET__: 'production' | 'emulators' | undefined;

/** Every language's hand guide frames (language -> letter), made by server/vite-hand-guide.ts at build time. */
declare module 'virtual:hand-guide' {
  const guides: Record<string, Record<string, import('@signlearn/engine/guide/hand_guide_frames').HandGuideFrames>>;
  export default guides;
}

/** A fingerspelling lexicon's letters as the recorded signer plays them (server/vite-recorded-signer.ts). */
declare module 'virtual:recorded-signer/*' {
  const letters: Record<string, import('@signlearn/engine/recordings/recorded_signer_letter').RecordedSignerLetter>;
  export default letters;
}

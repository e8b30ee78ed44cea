/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_LEARNING_SUBDOMAIN?: string;
  readonly VITE_LEARNING_ORIGIN?: string;
}

// Starts what the integration and browser tests need, once per `vitest run`.
// The backend issue adds the local emulators and the app server here.
export default async function globalSetup(): Promise<() => Promise<void>> {
  return async () => {};
}

// The account calls of the sign-in pages (login, register, forgot password), loading the Firebase
// SDK on first use: those pages render, and can be filled in, without waiting for it. The types
// come from the real modules; only `import()` brings their code.
type AuthModule = typeof import('./auth.ts');
type UsersModule = typeof import('@/lib/data/users.ts');

const auth = (): Promise<AuthModule> => import('./auth.ts');

export const signInAndConnect = async (...args: Parameters<AuthModule['signInAndConnect']>) => (await auth()).signInAndConnect(...args);
export const signUp = async (...args: Parameters<AuthModule['signUp']>) => (await auth()).signUp(...args);
export const sendReset = async (...args: Parameters<AuthModule['sendReset']>) => (await auth()).sendReset(...args);
export const getUsername = async (...args: Parameters<UsersModule['getUsername']>) => (await import('@/lib/data/users.ts')).getUsername(...args);

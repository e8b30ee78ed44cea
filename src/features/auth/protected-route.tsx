import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '@/components/spinner.tsx';
import { useAuthState } from '@/lib/auth/auth-state.ts';

/** SPEC section 6: only a signed-in user (email and access token present) gets through; others
 * go to /login. A spinner shows until the first auth-state callback. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const state = useAuthState();
  if (state.status === 'loading') {
    return (
      <div className="spinner-wrap--page spinner-wrap">
        <Spinner label="Checking sign-in" />
      </div>
    );
  }
  if (!state.profile?.isAuthenticated) return <Redirect to="/login" replace />;
  return <>{children}</>;
}

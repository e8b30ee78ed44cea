import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Spinner } from '@/components/spinner.tsx';
import { useAuthState } from '@/lib/auth/auth-state.ts';
import { loginAddress } from './return-to.ts';

/** product.md §6 Roles: only a signed-in user (email and access token present) gets through; others
 * go to /login, which brings them back to the page they asked for once they log in. A spinner
 * shows until the first auth-state callback. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const state = useAuthState();
  const [location] = useLocation();
  const search = useSearch();
  if (state.status === 'loading') {
    return (
      <div className="spinner-wrap--page spinner-wrap">
        <Spinner label="Checking sign-in" />
      </div>
    );
  }
  if (!state.profile?.isAuthenticated) return <Redirect to={loginAddress(`${location}${search ? `?${search}` : ''}`)} replace />;
  return <>{children}</>;
}

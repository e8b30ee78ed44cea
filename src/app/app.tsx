// The application shell: providers, then the host rule (product.md §2.1 Hosts). On the learning
// subdomain the app's routes are served; on any other host a single catch-all route shows the
// marketing landing page.
import { lazy, Suspense } from 'react';
import { isLearningHost, learningOrigin } from '@/lib/host/learning-host.ts';
import { AppProviders } from './providers.tsx';
import '@/styles/global.css';

const LearningRouter = lazy(() => import('./router.tsx').then((m) => ({ default: m.LearningRouter })));
const LandingPage = lazy(() => import('@/features/landing/landing-page.tsx'));
const AccountMenu = lazy(() => import('@/features/account/account-menu.tsx'));

export function App({ hostname = window.location.hostname }: { hostname?: string }) {
  const learning = isLearningHost(hostname);
  return (
    <AppProviders learningHost={learning}>
      <Suspense fallback={null}>
        {learning ? (
          <LearningRouter />
        ) : (
          <LandingPage
            accountMenu={
              <Suspense fallback={null}>
                <AccountMenu hrefBase={learningOrigin(window.location)} />
              </Suspense>
            }
          />
        )}
      </Suspense>
    </AppProviders>
  );
}


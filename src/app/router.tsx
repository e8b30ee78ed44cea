// The learning host's routes (product.md §2 Screens). Every page is a lazy chunk, so the engine, the
// models and the Firebase SDK load only with the routes that need them.
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch, useSearch } from 'wouter';
import { Spinner } from '@/components/spinner.tsx';
import { ProtectedRoute } from '@/features/auth/protected-route.tsx';

const LoginPage = lazy(() => import('@/features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('@/features/auth/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/forgot-password-page.tsx'));
const HelpCenterPage = lazy(() => import('@/features/help-center/help-center-page.tsx'));
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page.tsx'));
const LearningHomePage = lazy(() => import('@/features/learning-home/learning-home-page.tsx'));
const LessonsPage = lazy(() => import('@/features/lessons/lessons-page.tsx'));
const CameraPage = lazy(() => import('@/features/camera/camera-page.tsx'));
const ChangeUsernamePage = lazy(() => import('@/features/account/change-username-page.tsx'));
const ChangePasswordPage = lazy(() => import('@/features/account/change-password-page.tsx'));
const ReadPracticePage = lazy(() => import('@/features/read-practice/read-practice-page.tsx'));
const FeedbackPage = lazy(() => import('@/features/feedback/feedback-page.tsx'));
const TeacherPage = lazy(() => import('@/features/teacher/teacher-page.tsx'));
const AccountMenu = lazy(() => import('@/features/account/account-menu.tsx'));
const FlagSignButton = lazy(() => import('@/features/flag-sign/flag-sign-button.tsx'));

function PageFallback() {
  return (
    <div className="spinner-wrap spinner-wrap--page">
      <Spinner />
    </div>
  );
}

function Protected({ children }: { children: ReactNode }) {
  return <ProtectedRoute>{children}</ProtectedRoute>;
}

function HomeRoute() {
  // Remount on a query change (e.g. ?end_of_chapter=true) so the page reloads its data.
  const search = useSearch();
  return (
    <Protected>
      <LearningHomePage
        key={search}
        headerActions={
          <Suspense fallback={null}>
            <FlagSignButton />
            <AccountMenu />
          </Suspense>
        }
      />
    </Protected>
  );
}

export function LearningRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot_password" component={ForgotPasswordPage} />
        <Route path="/help_center" component={HelpCenterPage} />
        <Route path="/lessons">
          <Protected>
            <LessonsPage />
          </Protected>
        </Route>
        <Route path="/read">
          <Protected>
            <ReadPracticePage />
          </Protected>
        </Route>
        <Route path="/camera">
          <Protected>
            <CameraPage />
          </Protected>
        </Route>
        {/* A teacher records and publishes signs; the page tells anyone else it is for teachers. */}
        <Route path="/teach">
          <Protected>
            <TeacherPage />
          </Protected>
        </Route>
        {/* Protected by the page itself: it shows 'Loading user information...' while the
            sign-in state is unknown (product.md §2 Screens) and sends anonymous visitors to /login. */}
        <Route path="/change_username" component={ChangeUsernamePage} />
        <Route path="/change_password">
          <Protected>
            <ChangePasswordPage />
          </Protected>
        </Route>
        <Route path="/feedback">
          <Protected>
            <FeedbackPage />
          </Protected>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

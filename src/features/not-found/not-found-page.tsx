import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="center-page">
      <h1>404 - Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link href="/" className="button button--primary">
        Go To Home
      </Link>
    </main>
  );
}

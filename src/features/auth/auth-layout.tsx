import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/logo.tsx';

/** The card shared by the login, register and forgot-password screens. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="card-page">
      <section className="card" aria-labelledby="auth-title">
        <div className="card__header">
          <Link href="/" aria-label="SignLearn home">
            <Logo />
          </Link>
          <h1 id="auth-title">{title}</h1>
        </div>
        {children}
        {footer ? <div className="card__footer">{footer}</div> : null}
      </section>
    </main>
  );
}

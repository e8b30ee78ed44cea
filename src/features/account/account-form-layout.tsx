import './account.css';
import type { ReactNode } from 'react';
import { BackButton } from '@/components/back-button.tsx';

/** The card of the account screens, with a back button above the heading. */
export function AccountFormLayout({ title, onBack, children, aside }: {
  title: string;
  onBack?: () => void;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <main className="card-page">
      <div className={aside ? 'account-layout account-layout--with-aside' : 'account-layout'}>
        <section className="card" aria-labelledby="account-title">
          <BackButton onBack={onBack} />
          <div className="card__header">
            <h1 id="account-title">{title}</h1>
          </div>
          {children}
        </section>
        {aside}
      </div>
    </main>
  );
}

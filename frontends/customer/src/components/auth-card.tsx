import type { ReactNode } from 'react';
import { Logo } from '@gleba/ui';

/** The centred card of the signed-out screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-card">
      <div className="auth-card__logo">
        <Logo size={56} />
      </div>
      <h1 className="auth-card__title">{title}</h1>
      {children}
    </main>
  );
}

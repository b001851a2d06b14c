import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { logout } from '../api/auth';

/** /logout: tells identity (best effort), clears the session, goes to /. */
export function LogoutPage() {
  const signOut = useSessionStore((s) => s.signOut);
  const signedIn = useSessionStore((s) => s.signedIn);
  useEffect(() => {
    if (!signedIn) return;
    void logout(api.tokens.refreshToken());
    signOut();
  }, [signedIn, signOut]);
  return signedIn ? null : <Navigate to="/" replace />;
}

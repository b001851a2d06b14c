import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { createTokenStore } from '@gleba/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { isErased } from '../../../lib/logout-state';
import { logout } from '../api/auth';

/** /logout: tells identity (best effort), clears the session, goes to /. */
export function LogoutPage() {
  const signOut = useSessionStore((s) => s.signOut);
  const signedIn = useSessionStore((s) => s.signedIn);
  // After the erasure started (lib/logout-state) identity is not told: it ended the sessions.
  const erased = isErased(useLocation().state);
  useEffect(() => {
    if (!signedIn) return;
    if (!erased) void logout(createTokenStore().refreshToken());
    signOut();
  }, [signedIn, signOut, erased]);
  return signedIn ? null : <Navigate to="/" replace />;
}

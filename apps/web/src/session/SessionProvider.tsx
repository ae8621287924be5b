import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { TAuthResponse, TUser } from '@duescan/contracts';
import { setUnauthorizedHandler } from '../api/unauthorized';
import { SessionContext, type SessionApi, type SessionState } from './session-context';
import { clearSession, readSession, saveSession } from './storage';

/**
 * The account call, loaded on first use: a visitor without a stored token (every prerendered public page) never
 * downloads the HTTP client and its schemas.
 */
async function loadMe(options: { redirectOn401?: boolean } = {}): Promise<TUser> {
  const { getMe } = await import('../api/account');
  return getMe(options);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>(() => (readSession() ? { status: 'loading' } : { status: 'anonymous' }));

  // A stored token is only trusted once the server accepts it (spec section 4).
  useEffect(() => {
    if (!readSession()) return;
    let cancelled = false;
    loadMe({ redirectOn401: false }).then(
      (user) => !cancelled && setState({ status: 'authenticated', user }),
      () => {
        clearSession();
        if (!cancelled) setState({ status: 'anonymous' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // Any 401 on a call made with the token: the client has already cleared storage.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setState({ status: 'anonymous' });
      void navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  const signIn = useCallback(async (auth: TAuthResponse): Promise<TUser> => {
    saveSession({ token: auth.access_token, userId: auth.user_id });
    try {
      const user = await loadMe();
      setState({ status: 'authenticated', user });
      return user;
    } catch (error) {
      clearSession();
      setState({ status: 'anonymous' });
      throw error;
    }
  }, []);

  const signOut = useCallback(async () => {
    clearSession();
    // The protected screen that is showing reacts to the signed-out state by going to / itself (see
    // ProtectedLayout); navigating here as well covers the pages outside it. Both aim at /, so the order of the
    // (lazy, asynchronous) navigations does not matter.
    setState({ status: 'anonymous', signedOut: true });
    await navigate('/');
  }, [navigate]);

  const refreshUser = useCallback(async () => {
    const user = await loadMe();
    setState({ status: 'authenticated', user });
  }, []);

  const api = useMemo<SessionApi>(() => ({ state, signIn, signOut, refreshUser }), [state, signIn, signOut, refreshUser]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

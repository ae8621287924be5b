import { createContext, useContext } from 'react';
import type { TAuthResponse, TUser } from '@duescan/contracts';

/** Spec section 4: the session is loading, then authenticated or not. */
export type SessionState =
  | { status: 'loading' }
  /** `signedOut`: the user just pressed Logout (the protected screens then go to /, not /login). */
  | { status: 'anonymous'; signedOut?: boolean }
  | { status: 'authenticated'; user: TUser };

export interface SessionApi {
  state: SessionState;
  /** Stores the sign-in answer and loads the user it belongs to. */
  signIn(auth: TAuthResponse): Promise<TUser>;
  /** Clears the session and goes to /. */
  signOut(): Promise<void>;
  /** Reloads the user (credits, plan) after something changed them. */
  refreshUser(): Promise<void>;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user; only for screens behind the protected layout. */
export function useUser(): TUser {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('useUser needs an authenticated session');
  return state.user;
}

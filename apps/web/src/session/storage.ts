// Where the session lives between page loads (spec section 4: the token and the user id).
const TOKEN_KEY = 'duescan.access_token';
const USER_ID_KEY = 'duescan.user_id';

export interface StoredSession {
  token: string;
  userId: string;
}

export function readSession(): StoredSession | null {
  // Build-time prerendering has no storage: every prerendered page is the signed-out view.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_KEY);
  const userId = localStorage.getItem(USER_ID_KEY);
  return token && userId ? { token, userId } : null;
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_ID_KEY, session.userId);
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_ID_KEY);
}

// How the app leaves a dead session (go to /login). Its own module, so the session provider can register
// the handler without loading the HTTP client (and its schemas) on pages that make no call.
type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app registers how to leave a dead session; the client stays router-agnostic. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

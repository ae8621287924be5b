import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'react-hot-toast';
import type { RouteObject } from 'react-router';
import { routes } from '../routes';
import { saveSession } from '../session/storage';

/** Loads every lazy route once, so a test sees a page in the same render as in the built, hydrated app. */
async function loadLazyRoutes(list: RouteObject[]): Promise<void> {
  for (const route of list) {
    if (typeof route.lazy === 'function') Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    if (route.children) await loadLazyRoutes(route.children);
  }
}
await loadLazyRoutes(routes);

/** Renders the whole app (real routes, session and toasts) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, ...view };
}

export function signedIn(token = 'jwt-abc') {
  saveSession({ token, userId: 'u1' });
}

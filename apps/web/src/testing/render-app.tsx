import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'react-hot-toast';
import { routes } from '../routes';
import { saveSession } from '../session/storage';

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

import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './components/AppFrame';
import { routes } from './routes';
import { readSession } from './session/storage';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Public pages arrive prerendered (signed-out view). Hydrating needs the matched lazy routes loaded first, or the
 * router's first render (nothing) would not match the HTML. A signed-in visitor sees a different page (session
 * spinner, sidebar), so their page is rendered afresh instead of hydrated: no mismatch either way.
 */
async function start(container: HTMLElement): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
  const app = (
    <AppFrame>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppFrame>
  );
  if (container.hasChildNodes() && !readSession()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(root);

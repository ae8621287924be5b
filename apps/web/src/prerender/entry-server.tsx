// Build-time renderer (vite build --ssr): one public route -> its HTML, with the same tree the browser hydrates.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from '../components/AppFrame';
import { routes } from '../routes';
import { NO_EXTRA_FEATURES, SiteFeaturesContext, type SiteFeatures } from '../pages/landing/site-features';

export { PUBLIC_PATHS } from '../routes';
export { pageHead } from './page-head';

export interface RenderedPage {
  status: number;
  html: string;
}

/** Renders `path` as a signed-out visitor sees it; an unknown path renders the error screen with status 404. */
export async function renderPage(path: string, features: SiteFeatures = NO_EXTRA_FEATURES): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering (status ${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <SiteFeaturesContext.Provider value={features}>
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </SiteFeaturesContext.Provider>,
  );
  return { status: context.statusCode, html };
}

/** The landing page's own script: the build makes it an entry, scripts/prerender.ts swaps it in for the React app. */
export const LANDING_ISLAND = 'src/pages/landing/island.ts';

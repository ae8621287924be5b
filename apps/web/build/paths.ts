/** The landing page's own script: the build makes it an entry, scripts/prerender.ts swaps it in for the React app. */
export const LANDING_ISLAND = 'src/pages/landing/island.ts';

/**
 * The landing page variant for a server with AI models configured; the server picks it by the same name
 * (@duescan/contracts LANDING_WITH_AI_VALIDATION_FILE: vite.config.ts imports this file, and Vite's config loader
 * cannot read TypeScript from a workspace package, so the name is repeated here and a test keeps them equal).
 */
export const LANDING_WITH_AI_VALIDATION = 'index-ai-validation.html';

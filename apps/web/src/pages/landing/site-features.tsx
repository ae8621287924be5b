// What the deployed service offers beyond the defaults, for public copy that must be true of it. The landing page
// is prerendered twice at build time (with and without AI validation); the server sends the variant that matches
// its configuration (AI_MODELS). Default everywhere else: nothing claimed.
import { createContext, useContext } from 'react';

export interface SiteFeatures {
  /** Operator configured third-party models for web scans (server AI_MODELS). */
  aiValidation: boolean;
}

export const NO_EXTRA_FEATURES: SiteFeatures = { aiValidation: false };

export const SiteFeaturesContext = createContext<SiteFeatures>(NO_EXTRA_FEATURES);

export const useSiteFeatures = () => useContext(SiteFeaturesContext);

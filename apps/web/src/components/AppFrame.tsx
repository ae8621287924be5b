import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';

/** What surrounds the router in the browser and in the build-time prerender: the same tree, so hydration matches. */
export function AppFrame({ children }: { children: ReactNode }) {
  // Marks the page as interactive (hydrated or rendered): browser tests wait for it before typing into a form.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <StrictMode>
      {children}
      {/* react-hot-toast's defaults are the spec's toast constants (section 9): leave them as they are. */}
      <Toaster />
    </StrictMode>
  );
}

import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';

// The machine running the tests is shared and often busy: give findBy*/waitFor more than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion. (Build-script tests run in node: no window.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  toast.remove();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

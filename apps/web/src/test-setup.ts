import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (!window.matchMedia) {
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
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

import { useEffect, useState } from 'react';

/** Copies text and reports `copied` for `confirmMs` (the button's confirmation state). */
export function useCopy(confirmMs: number) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), confirmMs);
    return () => clearTimeout(timer);
  }, [copied, confirmMs]);

  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }

  return { copied, copy };
}

// The Scans screen's list: loaded at once, then again every SCANS_REFRESH_MS (spec section 9) so running scans
// move to completed or failed on screen without a reload. reload() refreshes now (after a new scan).
import { useCallback, useEffect, useRef, useState } from 'react';
import { SCANS_REFRESH_MS, type TScan } from '@duescan/contracts';
import { listScans } from '../../api/scans';

export interface ScanList {
  /** null until the first answer. */
  scans: TScan[] | null;
  /** True while the latest load failed; the last good list stays on screen. */
  failed: boolean;
  reload(): void;
}

export function useScanList(refreshMs: number = SCANS_REFRESH_MS): ScanList {
  const [scans, setScans] = useState<TScan[] | null>(null);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  const again = useRef(false);
  const mounted = useRef(true);

  const load = useCallback(async (): Promise<void> => {
    // A slow answer must not pile up requests: while one runs, remember to load once more when it ends
    // (a reload right after creating a scan must see the new row).
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    do {
      again.current = false;
      try {
        const list = await listScans();
        if (!mounted.current) break;
        setScans(list);
        setFailed(false);
      } catch {
        if (mounted.current) setFailed(true);
      }
    } while (again.current && mounted.current);
    inFlight.current = false;
  }, []);

  useEffect(() => {
    mounted.current = true;
    // The first load starts as a microtask: its state updates come from the answer, never from the effect body.
    queueMicrotask(() => void load());
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      mounted.current = false;
      clearInterval(timer);
    };
  }, [load, refreshMs]);

  return { scans, failed, reload: () => void load() };
}

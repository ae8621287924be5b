// Shutdown settings (merged into the one environment schema in ../config.ts, so they are checked at boot). Only zod
// here: the lifecycle itself (lifecycle/) takes plain numbers from the composition root.
import { z } from 'zod';

const empty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const GRACE_MESSAGE = 'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 3600';

export const LIFECYCLE_ENV = {
  /**
   * How long a stopping worker lets its running scans finish before handing them back to the queue. The default
   * stays under Kubernetes' 30 s terminationGracePeriodSeconds with room for closing the database.
   */
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    empty,
    z.coerce.number({ message: GRACE_MESSAGE }).int(GRACE_MESSAGE).min(0, GRACE_MESSAGE).max(3600, GRACE_MESSAGE).default(20),
  ),
  /** `worker` mode has no HTTP server; with this set it answers the health and readiness probes on this port. */
  WORKER_PROBE_PORT: z.preprocess(
    empty,
    z.coerce
      .number({ message: 'WORKER_PROBE_PORT must be a port number' })
      .int('WORKER_PROBE_PORT must be a port number')
      .min(0, 'WORKER_PROBE_PORT must be a port number')
      .max(65535, 'WORKER_PROBE_PORT must be at most 65535')
      .optional(),
  ),
};

export function toLifecycleConfig(env: { SHUTDOWN_GRACE_SECONDS: number; WORKER_PROBE_PORT?: number }) {
  return { shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000, workerProbePort: env.WORKER_PROBE_PORT };
}
export type LifecycleConfig = ReturnType<typeof toLifecycleConfig>;

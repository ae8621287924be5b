import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('defaults to 20 s and accepts 0 (hand back at once)', () => {
    expect(loadConfig({}).lifecycle.shutdownGraceMs).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).lifecycle.shutdownGraceMs).toBe(0);
  });

  it.each(['-1', '1.5', 'ten', '3601'])('refuses %s at boot with the allowed range', (value) => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: value })).toThrow('SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 3600');
  });
});

describe('WORKER_PROBE_PORT', () => {
  it('is off unless set, and refuses what is not a port at boot', () => {
    expect(loadConfig({}).lifecycle.workerProbePort).toBeUndefined();
    expect(loadConfig({ WORKER_PROBE_PORT: '8081' }).lifecycle.workerProbePort).toBe(8081);
    expect(() => loadConfig({ WORKER_PROBE_PORT: '70000' })).toThrow('WORKER_PROBE_PORT must be at most 65535');
    expect(() => loadConfig({ WORKER_PROBE_PORT: 'http' })).toThrow('WORKER_PROBE_PORT must be a port number');
  });
});

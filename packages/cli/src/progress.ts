// Progress goes to stderr only (stdout may carry JSON). A bar on a terminal, plain phase lines otherwise.
import cliProgress from 'cli-progress';

export interface Progress {
  update(phase: string, done: number, total: number): void;
  stop(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr, quiet = false): Progress {
  if (quiet) return { update: () => {}, stop: () => {} };
  if (!stream.isTTY) {
    let lastPhase = '';
    return {
      update(phase) {
        if (phase !== lastPhase) {
          stream.write(`duescan: ${phase}\n`);
          lastPhase = phase;
        }
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { stream, format: '{phase} [{bar}] {percentage}% | {value}/{total}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(phase, done, total) {
      if (!started) {
        bar.start(Math.max(total, 1), done, { phase: phase.padEnd(12) });
        started = true;
      }
      bar.setTotal(Math.max(total, 1));
      bar.update(done, { phase: phase.padEnd(12) });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

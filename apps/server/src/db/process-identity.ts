// Who a PID is: its start time from /proc (Linux). Two processes with one PID never share a start time, so
// (pid, start) names a process across PID reuse. Without /proc the answers are undefined/false, never guesses.
import { readFileSync } from 'node:fs';

/** Linux reports process start times in USER_HZ ticks, which is 100 on every architecture Node supports. */
const TICKS_PER_SECOND = 100;

/** Field 22 of /proc/PID/stat: start time in clock ticks after boot; undefined when unknown or gone. */
export function processStartTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or ')': split after the last one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // fields[0] is field 3 (state), so field 22 is at index 19
    return Number.isInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

function bootTimeSeconds(): number | undefined {
  try {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** True only when PID's process provably started after the given wall-clock time (1 s margin: btime is whole seconds). */
export function processStartedAfter(pid: number, epochMs: number): boolean {
  const ticks = processStartTicks(pid);
  const boot = bootTimeSeconds();
  if (ticks === undefined || boot === undefined) return false;
  return (boot + ticks / TICKS_PER_SECOND) * 1000 > epochMs + 1000;
}

// Where the advisory database lives when the caller does not say: the CLI passes DUESCAN_ADVISORY_DB in.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultAdvisoryDbDir(envValue?: string, home: string = homedir()): string {
  if (envValue && envValue.trim() !== '') return envValue;
  return join(home, '.duescan', 'advisories');
}

// The CLI's saved settings: the DueScan server URL and API token from `duescan login`, in
// $XDG_CONFIG_HOME/duescan/config.json (default ~/.config). The token is a credential: the folder is 0700 and
// the file 0600, and both are tightened again on every write in case they were created looser.
import { chmod, mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError, EXIT } from '../exit-codes';
import { writeAtomic } from '../write-atomic';

export const ZCliConfig = z.object({
  apiUrl: z.string().url().max(2048),
  token: z.string().min(1).max(512).optional(),
});
export type CliConfig = z.infer<typeof ZCliConfig>;

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg && xdg.startsWith('/') ? xdg : join(env.HOME || os.homedir(), '.config');
  return join(base, 'duescan');
}

export const configFile = (env: NodeJS.ProcessEnv = process.env) => join(configDir(env), 'config.json');

/** The saved config, or null when there is none. A damaged file is an error the user can fix, not a silent reset. */
export async function readCliConfig(env: NodeJS.ProcessEnv = process.env): Promise<CliConfig | null> {
  const file = configFile(env);
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw new CliError(`cannot read ${file}: ${e.message}`, EXIT.usage);
  });
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = ZCliConfig.safeParse(raw);
  if (!parsed.success) throw new CliError(`${file} is not a valid DueScan config: run \`duescan login --api-url <url>\` again`, EXIT.usage);
  return parsed.data;
}

export async function writeCliConfig(config: CliConfig, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = configFile(env);
  await writeAtomic(file, JSON.stringify(ZCliConfig.parse(config), null, 2) + '\n', 0o600);
  await chmod(file, 0o600);
  return file;
}

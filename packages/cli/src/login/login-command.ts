// `duescan login --api-url <url> [--token <t>]`: saves the server and API token that `scan --upload` uses.
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { parseOptions } from '../options';
import { uploadEndpoint } from '../upload/upload-report';
import { writeCliConfig } from './cli-config';

const ZLoginOptions = z.object({
  apiUrl: z.string().trim().min(1, '--api-url needs the address of your DueScan service').max(2048),
  token: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(512).optional()),
});

export function configureLoginCommand(program: Command): void {
  program
    .command('login')
    .description('Save your DueScan server address and API token for `scan --upload`')
    .requiredOption('--api-url <url>', 'address of your DueScan service (as shown on its Account page)')
    .addOption(new Option('--token <token>', 'API token from the Account page').env('DUESCAN_TOKEN'))
    .action(async (raw: Record<string, unknown>) => {
      const opts = parseOptions(ZLoginOptions, raw);
      uploadEndpoint(opts.apiUrl); // rejects a non-URL with the same message as --upload
      const apiUrl = new URL(opts.apiUrl).href;
      const file = await writeCliConfig({ apiUrl, ...(opts.token ? { token: opts.token } : {}) });
      process.stdout.write(
        `Saved ${apiUrl} ${opts.token ? 'and your API token ' : ''}to ${file} (readable only by you).\n` +
          (opts.token ? '' : 'No token saved: pass --token <token> (Account page) here or to `duescan scan --upload`.\n'),
      );
    });
}

// `duescan advisories update [--from <dir|zip|url>]`: import OSV advisories into the local database.
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { CliError, EXIT } from '../exit-codes';
import { loadEngine } from '../load-engine';
import { parseOptions } from '../options';

const ZAdvisoryOptions = z.object({
  from: z.string().min(1, '--from needs a folder, a .zip file or an https URL of OSV JSON advisories').optional(),
  db: z.string().optional(),
});

const isUrl = (source: string) => /^[a-z]+:\/\//i.test(source);

/** Why a download failed, as precisely as Node says it (fetch wraps the network error in `cause`). */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN' ? `${cause.code}: no DNS, is this machine offline?` : cause.code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** A download that failed says what failed and how to import the same data without network access. */
export function downloadFailed(url: string, error: unknown): CliError {
  return new CliError(
    `Could not download ${url} (${failureReason(error)}). Importing from a URL needs network access to it. ` +
      'Without network access, copy the OSV dumps (https://osv-vulnerabilities.storage.googleapis.com/' +
      '<npm|PyPI|Maven>/all.zip) or a folder of OSV JSON files to this machine and run: ' +
      'duescan advisories update --from <folder or all.zip>',
    EXIT.scanError,
  );
}

export function configureAdvisoriesCommand(program: Command): void {
  const advisories = program.command('advisories').description('Manage the local OSV advisory database');
  advisories
    .command('update')
    .description('Import OSV-format advisories (folder, zip dump or https URL) into the local database')
    .option('--from <source>', 'folder of OSV JSON files, an OSV .zip dump, or an https URL to one (default: the OSV dumps for npm, PyPI and Maven)')
    .addOption(new Option('--db <dir>', 'database folder (default: ~/.duescan/advisories)').env('DUESCAN_ADVISORY_DB'))
    .action(async (raw: Record<string, unknown>) => {
      const opts = parseOptions(ZAdvisoryOptions, raw);
      const engine = await loadEngine();
      const to = opts.db ? resolve(opts.db) : engine.defaultAdvisoryDbDir();
      const sources = opts.from ? [/^https?:\/\//.test(opts.from) ? opts.from : resolve(opts.from)] : engine.OSV_DUMP_URLS;
      for (const from of sources) {
        process.stderr.write(`duescan: importing advisories from ${from}\n`);
        const result = await engine.importAdvisories({ from, to }).catch((error: unknown) => {
          throw isUrl(from) ? downloadFailed(from, error) : error;
        });
        const perEcosystem = Object.entries(result.imported).map(([ecosystem, n]) => `${n} ${ecosystem}`);
        const count = Object.values(result.imported).reduce((a, n) => a + (n ?? 0), 0);
        process.stdout.write(
          `Imported ${count} advisories (${perEcosystem.join(', ') || 'none'}) from ${from}; the database in ${to} ` +
            `now holds ${result.records} (newest modified ${result.date ?? 'unknown'})\n`,
        );
      }
    });
}

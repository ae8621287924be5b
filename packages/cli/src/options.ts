// Zod schemas for command options: commander parses argv, zod validates it (one boundary, clear messages).
import { z } from 'zod';
import { CliError, EXIT } from './exit-codes';

export const FORMATS = ['json', 'sarif', 'html', 'pdf', 'sbom'] as const;
export type Format = (typeof FORMATS)[number];
export const FAIL_ON = ['critical', 'high', 'medium', 'low', 'info', 'none'] as const;
const THREADS_MESSAGE = '--threads must be a whole number from 1 to 64';

export const ZScanOptions = z.object({
  package: z.enum(['quick', 'pro', 'enterprise', 'ultra'], {
    message: '--package must be one of quick, pro, enterprise, ultra',
  }),
  format: z
    .string()
    .transform((s) => s.split(',').map((f) => f.trim().toLowerCase()).filter(Boolean))
    .pipe(
      z.array(z.enum(FORMATS, { message: `--format takes a comma-separated list of ${FORMATS.join(', ')}` })).min(1),
    ),
  out: z.string().min(1),
  failOn: z.enum(FAIL_ON, { message: `--fail-on must be one of ${FAIL_ON.join(', ')}` }),
  baseline: z.string().optional(),
  writeBaseline: z.string().optional(),
  advisoryDb: z.string().optional(),
  threads: z.coerce
    .number({ message: THREADS_MESSAGE })
    .int({ message: THREADS_MESSAGE })
    .min(1, { message: THREADS_MESSAGE })
    .max(64, { message: THREADS_MESSAGE })
    .optional(),
  json: z.boolean().default(false),
  quiet: z.boolean().default(false),
  upload: z.boolean().default(false),
  // An empty DUESCAN_TOKEN (exported but unset) counts as no token.
  token: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(512).optional()),
  // Absent: the server saved by `duescan login` (resolved in the scan command).
  apiUrl: z.string().trim().min(1).max(2048).optional(),
  includePaths: z.boolean().default(false),
  /** provider:model,... (validated by @duescan/ai before the scan). */
  ai: z.string().max(2000).optional(),
  /** Set from commander: --format or --out given on the command line (with --json, files are written only then). */
  filesRequested: z.boolean().default(true),
});
export type ScanCommandOptions = z.infer<typeof ZScanOptions>;

export function parseOptions<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new CliError(result.error.issues.map((i) => i.message).join('\n'), EXIT.usage);
  }
  return result.data;
}

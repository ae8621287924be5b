// The object store's configuration variables (merged into the one environment schema in ../config.ts, so they are
// checked at boot). STORAGE=local (default) keeps files under DATA_DIR; STORAGE=s3 puts them in a bucket every
// process can reach. The store itself (storage/) is built from the StorageConfig by the composition root.
import { z } from 'zod';

const empty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = z.preprocess(empty, z.string().optional());
const flag = (name: string) =>
  z
    .preprocess(
      empty,
      z.enum(['true', 'false', '1', '0'], { message: `${name} must be true or false` }).default('false'),
    )
    .transform((v) => v === 'true' || v === '1');

export const STORAGE_ENV = {
  STORAGE: z.preprocess(
    empty,
    z.enum(['local', 's3'], { message: 'STORAGE must be local or s3' }).default('local'),
  ),
  S3_BUCKET: optional.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      )
      .optional(),
  ),
  S3_ENDPOINT: optional.pipe(
    z
      .url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) URL, e.g. http://minio:9000' })
      // The endpoint appears in start-up errors and logs: credentials belong in S3_ACCESS_KEY_ID / the SDK chain.
      .refine(
        (v) => !/^[a-z]+:\/\/[^/]*@/i.test(v),
        'S3_ENDPOINT must not contain credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      )
      .optional(),
  ),
  S3_REGION: z.preprocess(
    empty,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must look like us-east-1')
      .default('us-east-1'),
  ),
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE'),
  S3_PREFIX: optional.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/,
        'S3_PREFIX must look like duescan or prod/duescan (no leading or trailing /)',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
const ZStorageEnv = z.object(STORAGE_ENV);
type StorageEnv = z.infer<typeof ZStorageEnv>;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. Set: an S3-compatible server (MinIO, Ceph, R2...). */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Prepended to every key with a '/', so one bucket can hold several installations. */
  prefix?: string;
  /** Unset: the AWS SDK's standard chain (AWS_ACCESS_KEY_ID..., shared profile, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export type StorageConfig = { kind: 'local'; root: string } | S3StorageConfig;

export function toStorageConfig(env: StorageEnv, dataDir: string): StorageConfig {
  if (env.STORAGE === 'local') return { kind: 'local', root: dataDir };
  if (!env.S3_BUCKET)
    throw new Error('STORAGE=s3 needs S3_BUCKET (the bucket that holds uploaded sources and reports)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK credential chain is used)',
    );
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

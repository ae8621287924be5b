// A real S3-compatible server on loopback for tests: s3rver (the maintained @20minutes fork, Node >= 20), files in
// a temporary folder. The AWS SDK talks to it over HTTP exactly as it would to a bucket elsewhere.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- the fork ships no type declarations; the few options used here are typed below
import S3rverModule from '@20minutes/s3rver';

interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverServer;

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (to show a test what is really stored). */
  directory: string;
  /** The configuration variables that point DueScan at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'duescan-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'duescan-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver's SigV4 check disagrees with the current SDK on bucket-level calls (HeadBucket, ListObjectsV2) and
    // answers 403 for correctly signed requests; signing is the SDK's business, not what these tests are about.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

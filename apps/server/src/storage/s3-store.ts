// STORAGE=s3: objects in an S3 bucket (AWS S3 or an S3-compatible server), through the official AWS SDK v3 client.
// The SDK is imported when this store is created (half a second and 25 MB): a local install never loads it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, assertPrefix, StorageError, type ObjectStore } from './object-store';
import type { S3StorageConfig } from '../config/storage-config';

/** A store that does not answer in this time is down; the SDK retries (3 attempts) before we give up. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A transfer silent this long is stuck (not slow): it fails instead of holding a worker or a request forever. */
const IDLE_TIMEOUT_MS = 60_000;

type Sdk = typeof import('@aws-sdk/client-s3');

function createS3Client(sdk: Sdk, config: S3StorageConfig): S3Client {
  return new sdk.S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Since 2025 the SDK adds CRC checksums as an aws-chunked trailer on every upload; many S3-compatible servers
    // reject that body encoding. AWS itself keeps the SDK default; a custom endpoint gets checksums only where the
    // operation requires them (and still Content-Length, so a truncated upload fails).
    ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
  });
}

/** The HTTP status of an S3 error answer (undefined for network and credential errors). */
function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export async function createS3Store(config: S3StorageConfig): Promise<ObjectStore> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = createS3Client(sdk, config);
  const Bucket = config.bucket;
  const head = config.prefix ? `${config.prefix}/` : '';
  const where = `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
  const full = (key: string) => head + assertKey(key);

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket, Prefix: head + assertPrefix(prefix), ContinuationToken }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(head.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  const remove = async (key: string) => {
    await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: full(key) }));
  };

  return {
    kind: 's3',
    async putFile(key, file) {
      // Content-Length up front lets the SDK stream the file in one PutObject (uploads are at most 100 MB).
      const { size } = await stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    },
    async put(key, body) {
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: full(key), Body: body }));
    },
    async get(key): Promise<Readable | null> {
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: full(key) }));
        // In Node the SDK's body is the HTTP response itself (an IncomingMessage): a Readable, read as it arrives.
        return out.Body as Readable;
      } catch (error) {
        if (status(error) === 404) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: full(key) }));
        return true;
      } catch (error) {
        if (status(error) === 404) return false;
        throw error;
      }
    },
    // S3 answers 204 for a key that is not there: deleting twice is fine.
    delete: remove,
    list,
    async deletePrefix(prefix) {
      const keys = await list(prefix);
      // One DeleteObject per key rather than DeleteObjects: several S3-compatible servers lack the batch call,
      // and a scan has two report objects.
      for (const key of keys) await remove(key);
      return keys.length;
    },
    async verify() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const code = status(error);
        const cause = (error as Error).message || (error as Error).name;
        if (code === 404)
          throw new StorageError(`The S3 ${where} does not exist: create it, or fix S3_BUCKET / S3_ENDPOINT`);
        if (code === 301)
          throw new StorageError(
            `The S3 ${where} is in another region: set S3_REGION to the bucket's region`,
          );
        if (code === 403 || code === 401) {
          throw new StorageError(
            `Access to the S3 ${where} was refused: check the credentials (S3_ACCESS_KEY_ID or the AWS credential chain) and the bucket policy`,
          );
        }
        if ((error as Error).name === 'CredentialsProviderError') {
          throw new StorageError(
            `No S3 credentials found for the ${where}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or AWS_ACCESS_KEY_ID / an AWS profile / a role`,
          );
        }
        throw new StorageError(
          `The S3 ${where} cannot be reached (${cause}): check S3_ENDPOINT, S3_REGION and the network`,
        );
      }
    },
    close: () => client.destroy(),
  };
}

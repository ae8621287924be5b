// The storage variables are checked at boot with messages that name the variable to fix.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('storage configuration', () => {
  it('configuration errors name the variable', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/STORAGE=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE must be local or s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'only-half' }),
    ).toThrow(/Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'http://key:secret@minio:9000' }),
    ).toThrow(/S3_ENDPOINT must not contain credentials/);
    expect(loadConfig({}).storage).toMatchObject({ kind: 'local' });
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'reports.example',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod/duescan',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'reports.example',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      prefix: 'prod/duescan',
      credentials: undefined,
    });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_PREFIX: '/lead' })).toThrow(
      /S3_PREFIX must look like/,
    );
  });
});

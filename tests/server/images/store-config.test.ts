// The image storage settings: defaults, the backend chosen by DATABASE_URL, and bad combinations refused.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

const base = { SESSION_SECRET: 'a-session-secret-long-enough-for-the-check-0123' };

describe('image storage configuration', () => {
  it('keeps bytes on disk alone, in the database with DATABASE_URL, 30 days and 200 MB by default', () => {
    const alone = loadConfig(base);
    expect(alone).toMatchObject({
      imageBytes: { backend: 'disk' },
      imageRetentionDays: 30,
      imageStoragePerUserMb: 200,
    });
    const shared = loadConfig({ ...base, DATABASE_URL: 'postgres://db.internal/kitchen' });
    expect(shared.imageBytes).toEqual({ backend: 'database' });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/k', IMAGE_STORE: 'disk' }).imageBytes).toEqual({
      backend: 'disk',
    });
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      ...base,
      IMAGE_STORE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_RETENTION_DAYS: '7',
      IMAGE_STORAGE_PER_USER_MB: '50',
    });
    expect(config).toMatchObject({
      imageBytes: {
        backend: 's3',
        s3: {
          bucket: 'photos',
          endpoint: 'https://account.r2.cloudflarestorage.com',
          region: 'auto',
          credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
          forcePathStyle: true,
        },
      },
      imageRetentionDays: 7,
      imageStoragePerUserMb: 50,
    });
  });

  it.each([
    [{ IMAGE_STORE: 's3' }, 'S3_BUCKET'],
    [{ IMAGE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ IMAGE_STORE: 'nfs' }, 'IMAGE_STORE'],
    [{ IMAGE_RETENTION_DAYS: '0' }, 'IMAGE_RETENTION_DAYS'],
    [{ IMAGE_STORAGE_PER_USER_MB: '-1' }, 'IMAGE_STORAGE_PER_USER_MB'],
    [{ IMAGE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
  ])('stops the start on %j, naming %s', (vars, named) => {
    expect(() => loadConfig({ ...base, ...vars })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...vars })).toThrow(named);
  });
});

// Builds the configured image storage: the byte backend, the store over it and the sweep of both.
import path from 'node:path';
import {
  type Config,
  DEFAULT_IMAGE_RETENTION_DAYS,
  DEFAULT_IMAGE_STORAGE_PER_USER_MB,
  defaultImageBytes,
} from '../../config';
import type { Database } from '../../db/database';
import type { ImageStore } from '../image-store';
import type { ByteBackend } from './byte-backend';
import { createImageStore } from './catalogued-image-store';
import { createDatabaseBytes } from './database-bytes';
import { createDiskBytes } from './disk-bytes';
import { createSurfaceMaskStore, type SurfaceMaskStore } from './surface-mask-store';
import { type SweepCounts, sweepImages } from './sweeper';

export interface ImageStorage {
  store: ImageStore;
  /** The photos' surface masks, on the same backend and cap. */
  masks: SurfaceMaskStore;
  bytes: ByteBackend;
  retentionDays: number;
  sweep(): Promise<SweepCounts>;
}

type StorageConfig = Pick<
  Config,
  'dataDir' | 'databaseUrl' | 'imageBytes' | 'imageRetentionDays' | 'imageStoragePerUserMb'
>;

async function openBytes(config: StorageConfig, db: Database): Promise<ByteBackend> {
  const setting = config.imageBytes ?? defaultImageBytes(config.databaseUrl);
  switch (setting.backend) {
    case 'disk':
      return createDiskBytes(path.join(config.dataDir, 'images'));
    case 'database':
      return createDatabaseBytes(db);
    case 's3':
      // The AWS SDK is large: loaded only when chosen.
      return (await import('./s3-bytes')).createS3Bytes(setting.s3);
  }
}

export async function openImageStorage(config: StorageConfig, db: Database): Promise<ImageStorage> {
  const bytes = await openBytes(config, db);
  const retentionDays = config.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS;
  const perUserMb = config.imageStoragePerUserMb ?? DEFAULT_IMAGE_STORAGE_PER_USER_MB;
  const perUserBytes = Math.round(perUserMb * 1024 * 1024);
  return {
    store: createImageStore({ db, bytes, retentionDays, perUserBytes }),
    masks: createSurfaceMaskStore({ db, bytes, retentionDays, perUserBytes }),
    bytes,
    retentionDays,
    sweep: () => sweepImages({ db, bytes, retentionDays }),
  };
}

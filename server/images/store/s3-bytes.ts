// Image bytes in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO), one object per image.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ByteBackend, checkedKey, isByteKey } from './byte-backend';

export interface S3Settings {
  bucket: string;
  /** Empty for AWS S3 itself; the provider's URL for R2, MinIO and the like. */
  endpoint: string | undefined;
  region: string;
  /** Absent: the SDK's own credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name: MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
}

const isNotFound = (error: unknown) =>
  error instanceof NoSuchKey || (error as { name?: string } | undefined)?.name === 'NotFound';

export function createS3Bytes(settings: S3Settings): ByteBackend {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // The SDK now adds CRC checksums to every request by default; R2, MinIO and s3rver reject or mishandle
    // some of them. Only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    name: 's3',

    async write(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: bytes, ContentLength: bytes.byteLength }),
      );
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        // In Node the body is an http.IncomingMessage, a Readable.
        return object.Body instanceof Readable ? object.Body : undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async *keysWrittenBefore(before) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isByteKey(object.Key) && object.LastModified && object.LastModified < before)
            yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

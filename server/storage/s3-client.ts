/** One S3 client for the API: Amazon S3 by default, a local S3-compatible server by endpoint. */
import { S3Client } from '@aws-sdk/client-s3';

export interface S3Options {
  region: string;
  /** A local S3-compatible server; absent for Amazon S3. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createS3Client(storage: S3Options): S3Client {
  return new S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.endpoint !== undefined,
    credentials: storage.credentials,
    maxAttempts: 3, // SPEC §9 retry limit
    // Else every presigned PUT carries the CRC32 of an empty body, which S3 may hold against the real one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

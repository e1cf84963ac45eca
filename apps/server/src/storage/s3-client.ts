// One S3 client setup for the object store and the upload bucket (AWS S3, Tencent COS, MinIO …).
import { S3Client } from '@aws-sdk/client-s3';

export interface S3Endpoint {
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function s3Client(s: S3Endpoint): S3Client {
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing
    // CRC32) is not understood by many S3-compatible stores, which then keep the chunk framing as data.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

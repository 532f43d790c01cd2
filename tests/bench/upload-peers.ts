/**
 * The uploaders ours is compared with, run inside the page (bundled by upload.ts with esbuild):
 * aws-amplify's `uploadData` and `@aws-sdk/lib-storage`'s `Upload`, both with static
 * credentials against the local storage server, and one plain PUT of the whole file. Each
 * answers the milliseconds it took.
 */
import { Upload } from '@aws-sdk/lib-storage';
import { S3Client } from '@aws-sdk/client-s3';
import { Amplify } from 'aws-amplify';
import { uploadData } from 'aws-amplify/storage';

interface Target {
  bucket: string;
  key: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const fileOf = () => (document.getElementById('bench-file') as HTMLInputElement).files![0]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

Object.assign(window, {
  benchPeers: {
    plainPut: (url: string) =>
      timed(async () => {
        const answer = await fetch(url, { method: 'PUT', body: fileOf() });
        if (!answer.ok) throw new Error(`PUT answered ${answer.status}`);
      }),

    libStorage: (target: Target & { endpoint: string }) =>
      timed(() =>
        new Upload({
          client: new S3Client({ region: 'us-west-2', endpoint: target.endpoint, forcePathStyle: true, credentials: target.credentials }),
          params: { Bucket: target.bucket, Key: target.key, Body: fileOf() },
          queueSize: 4,
          partSize: 5 * 1024 * 1024,
        }).done(),
      ),

    /** Amplify as an app configures it for Amazon S3; the bench points S3's host name for the bucket at the local storage. */
    amplify: (target: Target) => {
      Amplify.configure(
        { Storage: { S3: { bucket: target.bucket, region: 'us-west-2' } } },
        {
          Auth: {
            credentialsProvider: {
              getCredentialsAndIdentityId: async () => ({ credentials: target.credentials }),
              clearCredentialsAndIdentityId: () => undefined,
            },
          },
        },
      );
      return timed(() => uploadData({ path: target.key, data: fileOf() }).result);
    },
  },
});

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config';

export type PresignOptions = { expiresIn: number; contentType: string; disposition: string };

/**
 * Blob storage behind one interface. Keys are random ids made by the app, never user-supplied names.
 * The local driver keeps files under DATA_DIR/files; the S3 driver talks to any S3-compatible store.
 */
export type Storage = {
  driver: 'local' | 's3';
  /** Streams a body in; on failure nothing is left under the key. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  read(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** A presigned download link (S3); the local driver's links are signed by the app instead. */
  presign?(key: string, options: PresignOptions): Promise<string>;
};

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!/^[\w.-]+$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    driver: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name and rename, so a crash or a cut-off upload never leaves a partial blob
      // under the key. The name derives from the key (keys are random and written once), so delete(key)
      // also removes what a process killed mid-write left behind (the orphan sweep, platform/blobs.ts).
      const temporary = partialOf(file);
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temporary, body);
        else await pipeline(body, fs.createWriteStream(temporary));
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      const file = fileOf(key);
      await fsp.access(file);
      return fs.createReadStream(file);
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(partialOf(file), { force: true });
    },
  };
}

/** The suffix of an upload still being written (backups skip these: not yet a blob). */
export const PARTIAL_SUFFIX = '.partial';
const partialOf = (file: string) => `${file}${PARTIAL_SUFFIX}`;

/**
 * The AWS SDK's modules are loaded on the S3 driver's first call, not at start: with local storage (the default)
 * they were 5-10 MB of every process's heap, which each major collection marks, and 0.1-0.3 s of its start.
 */
async function loadSdk() {
  const [{ DeleteObjectCommand, GetObjectCommand, S3Client }, { Upload }, { getSignedUrl }] =
    await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
  return { DeleteObjectCommand, GetObjectCommand, S3Client, Upload, getSignedUrl };
}
type S3Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** `connect` makes the client once the SDK is loaded (createStorage's, from the config; tests hand in their own). */
export function s3Storage(connect: (sdk: S3Sdk) => S3Client, bucket: string): Storage {
  let ready: Promise<{ client: S3Client; sdk: S3Sdk }> | undefined;
  const connected = () =>
    (ready ??= loadSdk()
      .then((sdk) => ({ client: connect(sdk), sdk }))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
  return {
    driver: 's3',
    async put(key, body, contentType) {
      const { client, sdk } = await connected();
      // Multipart upload in parts: a large file is never held in memory whole.
      const upload = new sdk.Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
    },
    async read(key) {
      const { client, sdk } = await connected();
      const result = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      return result.Body as Readable;
    },
    async delete(key) {
      const { client, sdk } = await connected();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async presign(key, options) {
      const { client, sdk } = await connected();
      return sdk.getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: options.contentType,
          ResponseContentDisposition: options.disposition,
        }),
        { expiresIn: options.expiresIn },
      );
    },
  };
}

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    const connect = (sdk: S3Sdk) =>
      new sdk.S3Client({
        region: config.S3_REGION ?? 'us-east-1',
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
      });
    return s3Storage(connect, config.S3_BUCKET!);
  }
  return localStorage(path.join(config.DATA_DIR, 'files'));
}

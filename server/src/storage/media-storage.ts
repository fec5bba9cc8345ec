import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { mediaTypeOf } from '../lib/media-types';

/**
 * Where uploaded media live (issue 13, docs/decisions/033-object-storage.md).
 *
 * Every process writes and reads media as files under UPLOAD_DIR: multer, sharp and express's `sendFile`
 * all work on files. With S3 configured, the bucket is the store of record and UPLOAD_DIR is each
 * replica's cache of it: a file written here is kept in the bucket before the request that made it is
 * answered (`keep`), and a file this replica does not have is fetched from the bucket when it is first
 * served or resized (`fetch`). One replica on a laptop and ten behind a balancer run the same code; with the
 * local backend the bucket calls do nothing.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Keeps `name` (a file just written under UPLOAD_DIR) in the shared store. */
  keep(name: string): Promise<void>;
  /** The path of `name` under UPLOAD_DIR, fetched from the shared store when this process lacks it; undefined when it is nowhere. */
  fetch(name: string): Promise<string | undefined>;
  /** Deletes `names` from the shared store (callers delete their own copies). */
  forget(names: string[]): Promise<void>;
  /** The size of `name` in the shared store, or undefined. */
  sizeOf(name: string): Promise<number | undefined>;
}

/** A stored name: one path segment of letters, digits, `.`, `_` and `-`, not hidden. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const isMediaName = (name: string) => NAME.test(name) && !name.includes('..');

const contentTypeOf = (name: string) => mediaTypeOf(path.extname(name).slice(1)) ?? 'application/octet-stream';

export function createMediaStorage(config: Config, logger: Logger): MediaStorage {
  const local = (name: string) => path.join(config.uploadDir, name);
  if (!config.s3) {
    return {
      kind: 'local',
      keep: async () => {},
      fetch: async (name) => (isMediaName(name) && existsSync(local(name)) ? local(name) : undefined),
      forget: async () => {},
      sizeOf: async (name) => (isMediaName(name) ? stat(local(name)).then((s) => s.size, () => undefined) : undefined),
    };
  }
  return s3Storage(config, config.s3, logger);
}

type S3Config = NonNullable<Config['s3']>;

export function s3Client(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // MinIO, s3rver, Ceph and most S3-compatible servers address buckets by path, not by host name.
    forcePathStyle: s3.endpoint !== undefined,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all read the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

function s3Storage(config: Config, s3: S3Config, logger: Logger): MediaStorage {
  const client = s3Client(s3);
  const key = (name: string) => `${s3.prefix}${name}`;
  const local = (name: string) => path.join(config.uploadDir, name);
  /** One download per name at a time: concurrent readers of a new image wait for the same one. */
  const fetching = new Map<string, Promise<string | undefined>>();

  async function download(name: string): Promise<string | undefined> {
    let body: Readable;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key(name) }));
      body = object.Body as Readable;
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
    const tmpDir = path.join(config.uploadDir, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `fetch-${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(tmp));
      await rename(tmp, local(name));
    } finally {
      await rm(tmp, { force: true });
    }
    return local(name);
  }

  return {
    kind: 's3',
    async keep(name) {
      const file = local(name);
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key(name),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentTypeOf(name),
          // Every stored name is new and never reused: a CDN in front of the bucket may keep it for a year.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async fetch(name) {
      if (!isMediaName(name)) return undefined;
      if (existsSync(local(name))) return local(name);
      let pending = fetching.get(name);
      if (!pending) {
        pending = download(name).finally(() => fetching.delete(name));
        fetching.set(name, pending);
      }
      return pending;
    },
    async forget(names) {
      const valid = names.filter(isMediaName);
      await Promise.all(
        valid.map((name) =>
          client
            .send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key(name) }))
            .catch((err: unknown) => logger.warn({ err, name }, 'could not delete a media object from the bucket')),
        ),
      );
    },
    async sizeOf(name) {
      if (!isMediaName(name)) return undefined;
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key(name) }))).ContentLength;
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
  };
}

/** Every object name under the prefix, with its size (the migration, the tests). */
export async function* listBucket(s3: S3Config): AsyncGenerator<{ name: string; size: number }> {
  const client = s3Client(s3);
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix || undefined, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) yield { name: o.Key.slice(s3.prefix.length), size: o.Size ?? 0 };
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

import { createReadStream } from 'node:fs';
import { stat as fileStat } from 'node:fs/promises';
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
import type { S3Settings } from '../config.ts';
import { AppError } from '../errors/app-error.ts';
import type { TemporaryFile, ObjectStorage, PutOptions, StoredObject } from './object-storage.ts';

/** What the user reads when the object storage does not answer (HTTP 503). */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Le stockage des fichiers est momentanément indisponible : rien n’a été enregistré. Réessayez dans quelques minutes.';

// The SDK warns at its first client that its releases after January 2027 need Node 22; ours is
// pinned and the product runs on Node 20 (README): the warning would only fill the logs.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The storage as objects of an S3-compatible bucket (AWS, OVHcloud, Scaleway, MinIO…), shared
 * by every API instance. Uploads stream from the checked temporary file with its length, and
 * downloads stream the object's body: no file is held in memory. A storage that does not answer
 * (after the SDK's own retries) becomes one French 503 (STORAGE_UNAVAILABLE), and the caller's
 * transaction rolls back: no row names a file that was not written.
 */
export class S3Storage implements ObjectStorage {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.description = `seau S3 ${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}${settings.endpoint ? ` (${settings.endpoint})` : ''}`;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // A storage that hangs fails the request in bounded time, as one that refuses does.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
      // Checksums only where the protocol requires them: the SDK's default sends streamed bodies
      // 'aws-chunked' with a trailing checksum, which many S3-compatible services store as is.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  // `ifAbsent` is a look then a write, not one atomic step (conditional writes are not offered
  // by every S3-compatible service): the keys written so are contents named by their hash or a
  // built-in default template, so two instances racing write the same bytes twice, harmlessly.
  async putFile(key: string, localPath: string, options: PutOptions = {}): Promise<boolean> {
    if (options.ifAbsent && (await this.stat(key))) return false;
    const { size } = await fileStat(localPath);
    const body = createReadStream(localPath);
    try {
      await this.call(() =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.prefix + key,
            Body: body,
            ContentLength: size,
          }),
        ),
      );
    } finally {
      // A send refused before reading it leaves the file open.
      body.destroy();
    }
    return true;
  }

  async putBytes(key: string, bytes: Buffer, options: PutOptions = {}): Promise<boolean> {
    if (options.ifAbsent && (await this.stat(key))) return false;
    await this.call(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: bytes })),
    );
    return true;
  }

  async open(key: string): Promise<Readable> {
    const answer = await this.call(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })),
    );
    return answer.Body as Readable;
  }

  async readBytes(key: string): Promise<Buffer | null> {
    // The body read inside the call: a connection cut while reading is the storage unavailable too.
    return this.call(
      async () => {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
        );
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      },
      { missing: null },
    );
  }

  async stat(key: string): Promise<Omit<StoredObject, 'key'> | null> {
    const answer = await this.call(
      () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })),
      { missing: null },
    );
    return answer
      ? { size: answer.ContentLength ?? 0, modifiedMs: answer.LastModified?.getTime() ?? Date.now() }
      : null;
  }

  async remove(key: string): Promise<void> {
    await this.call(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })),
    );
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        // A 'folder' some consoles create (a key ending in '/') is not a file.
        if (!object.Key || object.Key.endsWith('/')) continue;
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          modifiedMs: object.LastModified?.getTime() ?? Date.now(),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** None: a PutObject of a known length stores the object whole or not at all. */
  async *interruptedWrites(): AsyncIterable<TemporaryFile> {}

  /** Releases the client's sockets (command-line tools, tests). */
  close(): void {
    this.client.destroy();
  }

  /**
   * Runs one call: a missing object answers `missing` when the caller expects one; any other
   * failure — refused, timed out, denied — is the storage being unavailable to the user.
   */
  private async call<T, M = never>(run: () => Promise<T>, expect?: { missing: M }): Promise<T | M> {
    try {
      return await run();
    } catch (error) {
      if (expect && isMissing(error)) return expect.missing;
      throw new AppError('STORAGE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE, { cause: error });
    }
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

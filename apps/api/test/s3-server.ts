import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'voirie-test';

/**
 * A local S3-protocol server (s3rver) holding its objects in a temporary directory: the S3
 * storage's tests talk to it as to a real bucket. `stop()` cuts it (a storage outage) and
 * `start()` brings it back on the same port with the same objects.
 */
export class S3TestServer {
  private server: S3rver | null = null;
  private port = 0;
  private directory = '';

  /** The environment that points the portal at this bucket. */
  get env(): Record<string, string> {
    return {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  get endpoint(): string {
    return `http://127.0.0.1:${String(this.port)}`;
  }

  async start(): Promise<void> {
    this.directory ||= await mkdtemp(path.join(tmpdir(), 'voirie-s3-'));
    this.server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    this.port = (await this.server.run()).port;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.directory) await rm(this.directory, { recursive: true, force: true });
  }
}

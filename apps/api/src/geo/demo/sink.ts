import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** A text file written in large chunks with back-pressure, hashed on the way (sha256). */
export class FileSink {
  private readonly stream: WriteStream;
  private readonly hash: Hash = createHash('sha256');
  private buffer = '';
  bytes = 0;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
  }

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= 256 * 1024) await this.drain();
  }

  private async drain(): Promise<void> {
    if (!this.buffer) return;
    const chunk = Buffer.from(this.buffer, 'utf8');
    this.buffer = '';
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Flushes, closes and returns the sha256 (hex). */
  async close(): Promise<string> {
    await this.drain();
    this.stream.end();
    await once(this.stream, 'finish');
    return this.hash.digest('hex');
  }
}

/** A GeoJSON FeatureCollection written one feature per line. */
export class FeatureCollectionSink {
  private count = 0;
  private readonly sink: FileSink;

  constructor(
    path: string,
    private readonly name: string,
  ) {
    this.sink = new FileSink(path);
  }

  async add(feature: string): Promise<void> {
    if (this.count === 0)
      await this.sink.write(`{"type":"FeatureCollection","name":${JSON.stringify(this.name)},"features":[\n`);
    else await this.sink.write(',\n');
    this.count += 1;
    await this.sink.write(feature);
  }

  get features(): number {
    return this.count;
  }

  async close(): Promise<{ sha256: string; bytes: number }> {
    if (this.count === 0)
      await this.sink.write(`{"type":"FeatureCollection","name":${JSON.stringify(this.name)},"features":[\n`);
    await this.sink.write('\n]}\n');
    const sha256 = await this.sink.close();
    return { sha256, bytes: this.sink.bytes };
  }
}

import type { jsonParser } from 'stream-json/core/parser.js';
import type pick from 'stream-json/core/filters/pick.js';
import type streamArray from 'stream-json/core/streamers/stream-array.js';
import { featureError, ImportError, messageOf } from './errors.ts';
import { FeatureSplitter } from './geojson-splitter.ts';
import type { OpenedSource, SourceHandle } from './source.ts';

// stream-json's core stages (parser -> pick 'features' -> streamArray), driven chunk by chunk
// without Node object streams: a feature is assembled at a time, whatever the file size.
// The stages talk with stream-chain's markers, registered symbols (no import needed).
const NONE = Symbol.for('object-stream.none');
const MANY = Symbol.for('object-stream.many');
const STOP = Symbol.for('object-stream.stop');

function isMany(result: unknown): result is { values: unknown[] } {
  return typeof result === 'object' && result !== null && (result as Record<symbol, unknown>)[MANY] === 1;
}

/** A GeoJSON feature as read (checked by each importer). */
export interface RawFeature {
  type?: unknown;
  id?: unknown;
  geometry?: unknown;
  properties?: unknown;
}

export interface NumberedFeature {
  /** 1 for the first feature of `features`. */
  number: number;
  feature: RawFeature;
}

type Stage = (chunk: unknown) => unknown;

interface StageMakers {
  jsonParser: typeof jsonParser;
  pick: typeof pick;
  streamArray: typeof streamArray;
}

let loading: Promise<StageMakers> | undefined;

/**
 * stream-json, imported once on the first GeoJSON read and not at server start (start-up
 * time): the bundle would hoist a static import of the package to the top.
 */
function streamJson(): Promise<StageMakers> {
  loading ??= Promise.all([
    import('stream-json/core/parser.js'),
    import('stream-json/core/filters/pick.js'),
    import('stream-json/core/streamers/stream-array.js'),
  ]).then(([parser, picker, streamer]) => ({
    jsonParser: parser.jsonParser,
    pick: picker.default,
    streamArray: streamer.default,
  }));
  return loading;
}

/** The three stages; `push` text, `flush` at the end; counts the features completed. */
class FeaturePipeline {
  private readonly parse: Stage;
  private readonly pick: Stage;
  private readonly stream: Stage;
  /** Features assembled so far. */
  completed = 0;
  /** The `features` array was found. */
  found = false;
  /** The `features` array is closed: the rest of the file is not read. */
  stopped = false;

  constructor(make: StageMakers) {
    this.parse = make.jsonParser({ streamValues: false }) as unknown as Stage;
    this.pick = make.pick({ filter: 'features', once: true }) as unknown as Stage;
    this.stream = make.streamArray() as unknown as Stage;
  }

  push(text: string, out: NumberedFeature[]) {
    this.run(this.parse(text), out);
  }

  flush(out: NumberedFeature[]) {
    this.run(this.parse(NONE), out);
  }

  // Hot path (millions of tokens): no array per token.
  private run(tokens: unknown, out: NumberedFeature[]) {
    if (tokens === NONE) return;
    if (!isMany(tokens)) {
      this.take(tokens, out);
      return;
    }
    const list = tokens.values;
    for (let i = 0; i < list.length && !this.stopped; i += 1) this.take(list[i], out);
  }

  private take(token: unknown, out: NumberedFeature[]) {
    if (this.stopped) return;
    const picked = this.pick(token);
    if (picked === NONE) return;
    if (isMany(picked)) {
      for (const value of picked.values) this.stream1(value, out);
    } else this.stream1(picked, out);
  }

  private stream1(picked: unknown, out: NumberedFeature[]) {
    if (this.stopped) return;
    if (picked === STOP) {
      this.stopped = true;
      return;
    }
    this.found = true;
    const item = this.stream(picked);
    if (item === NONE) return;
    for (const value of isMany(item) ? item.values : [item]) {
      this.completed += 1;
      out.push({ number: this.completed, feature: (value as { value: RawFeature }).value });
    }
  }
}

/** The French reason of a stream-json error. */
function jsonReason(error: unknown): string {
  const message = messageOf(error);
  if (/Top-level object should be an array/.test(message)) return '« features » n’est pas un tableau.';
  if (/expected|unexpected|cannot parse/i.test(message)) return `JSON invalide (${message}).`;
  return `lecture impossible (${message}).`;
}

/**
 * The features of a GeoJSON FeatureCollection, streamed (memory bounded by one read chunk).
 * Bad JSON stops with the number of the feature where it is; when the input is a file, the
 * number is exact (the file is read again up to the error, fed one character at a time).
 *
 * A file is read the fast way (geojson-splitter.ts); at anything unusual it is read again with
 * stream-json from the feature after the last one given, which reads any JSON and names its
 * faults. A stream, which cannot be read again, is read with stream-json from the start.
 */
export async function* readGeoJsonFeatures(
  handle: SourceHandle,
  opened: OpenedSource,
): AsyncGenerator<NumberedFeature[]> {
  if (!handle.replayable) {
    yield* readWithStreamJson(handle, opened, 0);
    return;
  }
  const splitter = new FeatureSplitter();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const features: unknown[] = [];
  /** Features given to the caller (read ones may wait in `features` when a fault stops the piece). */
  let given = 0;
  const numbered = () =>
    features
      .splice(0)
      .map((feature): NumberedFeature => ({ number: ++given, feature: feature as RawFeature }));
  try {
    for await (const chunk of opened.chunks) {
      splitter.push(decoder.decode(chunk, { stream: true }), features);
      if (features.length) yield numbered();
      if (splitter.stopped) return;
    }
    splitter.push(decoder.decode(), features);
    if (features.length) yield numbered();
    splitter.end();
    return;
  } catch (error) {
    if (error instanceof ImportError) throw error;
  }
  yield* readWithStreamJson(handle, handle.open(), given);
}

/** stream-json's reading, giving the features numbered after `skip` (those are given already). */
async function* readWithStreamJson(
  handle: SourceHandle,
  opened: OpenedSource,
  skip: number,
): AsyncGenerator<NumberedFeature[]> {
  const pipeline = new FeaturePipeline(await streamJson());
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let charsBefore = 0;
  const out: NumberedFeature[] = [];
  const fail = async (error: unknown): Promise<never> => {
    if (error instanceof ImportError) throw error;
    const number = handle.replayable ? await locateJsonError(handle, charsBefore) : pipeline.completed + 1;
    if (error instanceof TypeError && /encoded data was not valid/i.test(messageOf(error))) {
      throw featureError(number ?? pipeline.completed + 1, 'encodage invalide (UTF-8 attendu).');
    }
    if (number === null)
      throw new ImportError(`Fichier GeoJSON invalide après la dernière entité : ${jsonReason(error)}`);
    throw featureError(number, jsonReason(error));
  };
  try {
    for await (const chunk of opened.chunks) {
      const text = decoder.decode(chunk, { stream: true });
      pipeline.push(text, out);
      charsBefore += text.length;
      const fresh = unseen(out, skip);
      if (fresh.length) yield fresh;
      if (pipeline.stopped) break;
    }
    if (!pipeline.stopped) {
      const rest = decoder.decode();
      pipeline.push(rest, out);
      charsBefore += rest.length;
      pipeline.flush(out);
      const fresh = unseen(out, skip);
      if (fresh.length) yield fresh;
    }
  } catch (error) {
    await fail(error);
  }
  if (!pipeline.found) {
    throw new ImportError(
      'Le fichier n’est pas une FeatureCollection GeoJSON : tableau « features » absent.',
    );
  }
}

/** Empties `out`, returning the features numbered after `skip`. */
function unseen(out: NumberedFeature[], skip: number): NumberedFeature[] {
  return out.splice(0).filter((item) => item.number > skip);
}

/**
 * Reads the file again and feeds the parser one character at a time from `fromChar` (the
 * start of the chunk that failed) to find the feature where the JSON breaks: the number of
 * features completed before the error, plus one; null when the error follows the array.
 */
async function locateJsonError(handle: SourceHandle, fromChar: number): Promise<number | null> {
  const pipeline = new FeaturePipeline(await streamJson());
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const sink: NumberedFeature[] = [];
  let seen = 0;
  const feed = (text: string) => {
    const whole = Math.max(0, Math.min(text.length, fromChar - seen));
    if (whole > 0) pipeline.push(text.slice(0, whole), sink);
    sink.length = 0;
    for (let i = whole; i < text.length && !pipeline.stopped; i += 1) {
      pipeline.push(text[i]!, sink);
      sink.length = 0;
    }
    seen += text.length;
  };
  try {
    for await (const chunk of handle.open().chunks) {
      feed(decoder.decode(chunk, { stream: true }));
      if (pipeline.stopped) return null;
    }
    feed(decoder.decode());
    pipeline.flush(sink);
  } catch {
    return pipeline.stopped ? null : pipeline.completed + 1;
  }
  return pipeline.stopped ? null : pipeline.completed + 1;
}

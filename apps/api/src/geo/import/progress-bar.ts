import type { ImportProgress } from './run.ts';
import { formatProgress, KIND_LABELS } from './summary.ts';

export interface ProgressBar {
  update(progress: ImportProgress): void;
  /** Clears the bar (the summary is printed after it). */
  stop(): void;
}

/**
 * A one-line progress bar redrawn in place on a terminal: bytes read / total, records read and
 * records per second. Not a terminal (a pipe, a log file, CI): draws nothing.
 */
export function createProgressBar(out: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!out.isTTY) return { update: () => {}, stop: () => {} };
  let drawn = false;
  return {
    update(progress) {
      const label = KIND_LABELS[progress.kind];
      const ratio = progress.totalBytes ? Math.min(1, progress.bytesRead / progress.totalBytes) : null;
      const details = formatProgress(progress);
      const columns = out.columns || 80;
      const percent = ratio === null ? '' : ` ${String(Math.floor(ratio * 100)).padStart(3)} %`;
      const width = Math.max(10, Math.min(30, columns - 75)); // steady while the figures grow
      const bar = ratio === null ? '' : ` [${'█'.repeat(Math.round(ratio * width)).padEnd(width, '░')}]`;
      const line = `${label}${bar}${percent} ${details}`.slice(0, columns - 1);
      out.write(`\r${line}\u001b[K`);
      drawn = true;
    },
    stop() {
      if (drawn) out.write('\r\u001b[K');
      drawn = false;
    },
  };
}

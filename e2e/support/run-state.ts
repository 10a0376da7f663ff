import { rm } from 'node:fs/promises';
import type { Portal } from './portal.ts';
import type { SmtpSink } from './smtp-sink.ts';

interface RunState {
  runDir: string;
  smtp?: SmtpSink;
  portal?: Portal;
}

// Global setup and teardown run in the runner process: the handles stay there between them.
const KEY = Symbol.for('voirie.e2e.run');
type WithRun = typeof globalThis & { [KEY]?: RunState };

export function saveRun(state: RunState): void {
  (globalThis as WithRun)[KEY] = state;
}

/** Stops the portal, then the SMTP server, and removes the run's folder (database, mails). */
export async function stopRun(): Promise<void> {
  const state = (globalThis as WithRun)[KEY];
  if (!state) return;
  delete (globalThis as WithRun)[KEY];
  await state.portal?.stop();
  await state.smtp?.stop();
  await rm(state.runDir, { recursive: true, force: true });
}

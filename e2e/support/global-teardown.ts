import { stopRun } from './run-state.ts';

export default async function globalTeardown(): Promise<void> {
  await stopRun();
}

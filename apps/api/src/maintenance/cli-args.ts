import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

// The maintenance commands' arguments and exit (npm run backup, restore, db:transfer).

/** The value after `name` in the arguments, if any. */
export function cliOption(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

/** Runs a command with the process's arguments; a failure prints its French message and exits 1. */
export async function runCli(command: (args: string[]) => Promise<void>): Promise<void> {
  try {
    await command(process.argv.slice(2));
  } catch (error) {
    console.error(`Échec : ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/** The configured database (the embedded one under DATA_DIR, created if need be). */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  await mkdir(config.dataDir, { recursive: true });
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}

import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/api/src/app.ts';
import { fromPostgresUrl } from '../apps/api/src/db/database.ts';
import { collector } from './gc.ts';
import { benchConfig } from './harness.ts';

// One API instance of the PostgreSQL bench (bench/postgres.ts), in a process of its own as
// behind a load balancer: buildApp on its own connection pool, listening on a free port it
// reports over IPC. On demand it measures its own memory: { memory: 'start' } collects garbage
// and resets the peak RSS, { memory: 'stop' } answers the peak since (the kernel's VmHWM, and
// a 10 ms sampling where /proc is missing).

export type InstanceMessage = { port: number } | { rssBefore: number } | { peakRss: number };
export type InstanceCommand = { memory: 'start' | 'stop' } | { stop: true };

const url = process.argv[2];
if (!url || !process.send) throw new Error('usage : fork(api-instance.ts, [DATABASE_URL])');
const send = (message: InstanceMessage) => process.send!(message);

const config = benchConfig({ DATABASE_URL: url });
const database = await fromPostgresUrl(url);
const { app } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

/** The kernel's peak RSS of this process (bytes), or null without /proc. */
function kernelPeak(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

const gc = collector();
let sampled = 0;
let kernelReset = false;
let sampler: NodeJS.Timeout | undefined;
process.on('message', (command: InstanceCommand) => {
  if ('stop' in command) {
    clearInterval(sampler);
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  } else if (command.memory === 'start') {
    gc();
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      kernelReset = true;
    } catch {
      // No /proc (or not allowed): the sampling alone.
      kernelReset = false;
    }
    sampled = process.memoryUsage().rss;
    sampler = setInterval(() => {
      sampled = Math.max(sampled, process.memoryUsage().rss);
    }, 10);
    send({ rssBefore: sampled });
  } else {
    clearInterval(sampler);
    send({ peakRss: Math.max(sampled, (kernelReset && kernelPeak()) || 0) });
  }
});
// The bench gone (crash, Ctrl-C): no instance left behind.
process.on('disconnect', () => process.exit(0));
send({ port: (app.server.address() as AddressInfo).port });

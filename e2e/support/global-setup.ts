import { access, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENV, REPO_ROOT, requiredEnv } from './paths.ts';
import { isPortFree } from './ports.ts';
import { startPortal } from './portal.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { saveRun, stopRun } from './run-state.ts';

/**
 * Starts a real SMTP server that stores the mails as files, then the portal as a user starts
 * it, on a fresh embedded database. Global teardown stops both and removes the run folder.
 */
export default async function globalSetup(): Promise<void> {
  const port = Number(requiredEnv(ENV.port));
  if (!(await isPortFree(port)))
    throw new Error(`Le port ${port} est déjà pris : libérez-le ou choisissez-en un autre avec ${ENV.port}.`);

  // Outside the repository: the run folder holds a copy of the built web app (JavaScript that
  // lint must never see) and the embedded database.
  await removeAbandonedRuns();
  const runDir = await mkdtemp(path.join(os.tmpdir(), `${RUN_PREFIX}${process.pid}-`));
  const mailDir = path.join(runDir, 'mails');
  saveRun({ runDir });
  try {
    // The portal serves the web app's files from disk, and only those present when it
    // started: a rebuild of apps/web/dist during the run (another terminal, a colleague in the
    // same working copy) would leave it answering index.html for the new chunks — a blank
    // page. So the portals serve a copy of this build (`WEB_DIST`); E2E_WEB_SNAPSHOT=0 serves
    // apps/web/dist itself.
    if (process.env.E2E_WEB_SNAPSHOT !== '0') {
      const webDist = path.join(runDir, 'web');
      await cp(path.join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });
      await access(path.join(webDist, 'index.html'));
      process.env[ENV.webDist] = webDist;
    }
    const smtp = await startSmtpSink(mailDir);
    saveRun({ runDir, smtp });
    const started = Date.now();
    const portal = await startPortal({
      port,
      dataDir: path.join(runDir, 'data'),
      smtpUrl: smtp.url,
      name: 'portal',
    });
    saveRun({ runDir, smtp, portal });
    console.log(
      `Portail prêt en ${((Date.now() - started) / 1000).toFixed(1)} s sur ${portal.url} (journal : ${portal.logFile})`,
    );
    process.env[ENV.smtpUrl] = smtp.url;
  } catch (error) {
    await stopRun();
    throw error;
  }
  process.env[ENV.mailDir] = mailDir;
  process.env[ENV.runDir] = runDir;
}

const RUN_PREFIX = 'voirie-e2e-';

/** Run folders left by a run that was killed before its teardown (its process is gone). */
async function removeAbandonedRuns(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    const pid = Number(/^voirie-e2e-(\d+)-/.exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    await rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { parseArgs } from 'node:util';
import { runKillScenario, type KillScenarioReport } from './kill-scenario.ts';
import { runFreezeScenario, type FreezeReport } from './freeze-scenario.ts';

// npm run fault [-- --long] [-- --kills N]: kill -9 the real server at random moments during
// filings and uploads, restart, sweep, and check what is left (docs/operations.md). On
// PostgreSQL when DATABASE_URL is set (a throwaway database), else on PGlite.
// npm run fault -- --freeze: the heavy requests of ADR 0009 at full size, each with
// /api/health and a sign-in meanwhile (freeze-scenario.ts).

const { values } = parseArgs({
  options: {
    long: { type: 'boolean', default: false },
    kills: { type: 'string' },
    freeze: { type: 'boolean', default: false },
  },
});

/** The goals of ADR 0009: each request within 2 s, /api/health within 200 ms meanwhile. */
const FREEZE_GOALS = { requestMs: 2000, healthMs: 200 };

function freezeFailures(report: FreezeReport): string[] {
  const broken: string[] = [];
  for (const probe of report.probes) {
    if (probe.status !== probe.expected)
      broken.push(`${probe.name} : ${String(probe.status)} au lieu de ${String(probe.expected)}`);
    if (probe.ms > FREEZE_GOALS.requestMs) broken.push(`${probe.name} : ${probe.ms.toFixed(0)} ms`);
    if (probe.healthMaxMs > FREEZE_GOALS.healthMs)
      broken.push(`${probe.name} : /api/health ${probe.healthMaxMs.toFixed(0)} ms`);
  }
  if (!report.serverAlive) broken.push('le serveur ne répond plus');
  return broken;
}

if (values.freeze) {
  const report = await runFreezeScenario({
    databaseUrl: process.env.DATABASE_URL || undefined,
    log: (line) => console.log(line),
  });
  const longest = Math.max(...report.probes.map((probe) => probe.ms));
  const slowestHealth = Math.max(...report.probes.map((probe) => probe.healthMaxMs));
  const slowestSignIn = Math.max(...report.probes.map((probe) => probe.signInMs));
  const errors = report.probes.filter((probe) => probe.status >= 500).length;
  console.log(
    [
      '',
      `Base : ${report.database} ; requêtes lourdes : ${String(report.probes.length)} ; réponses 5xx : ${String(errors)} ; serveur ${report.serverAlive ? 'vivant' : 'arrêté'}`,
      `Requête la plus longue : ${longest.toFixed(0)} ms (cible ${String(FREEZE_GOALS.requestMs)} ms) ; /api/health au plus : ${slowestHealth.toFixed(0)} ms (cible ${String(FREEZE_GOALS.healthMs)} ms) ; connexion au plus : ${slowestSignIn.toFixed(0)} ms`,
    ].join('\n'),
  );
  const broken = freezeFailures(report);
  console.log(
    broken.length === 0 ? 'OK : aucune requête ne fige le portail.' : `ÉCHEC : ${broken.join(' ; ')}`,
  );
  process.exit(broken.length === 0 ? 0 : 1);
}
const kills = values.kills ? Number(values.kills) : values.long ? 40 : 7;

/** The invariants of the fault run (README.md "Production"): each must be 0. */
function failures(report: KillScenarioReport): string[] {
  const broken: string[] = [];
  if (report.halfCreatedRequests > 0)
    broken.push(`${String(report.halfCreatedRequests)} demande(s) à moitié créée(s)`);
  if (report.rowsWithoutFile > 0) broken.push(`${String(report.rowsWithoutFile)} pièce(s) sans fichier`);
  if (report.orphanFiles > 0) broken.push(`${String(report.orphanFiles)} fichier(s) orphelin(s)`);
  if (report.tempFiles > 0) broken.push(`${String(report.tempFiles)} fichier(s) temporaire(s)`);
  if (report.duplicateFilings !== 0 || report.idMismatches > 0)
    broken.push(
      `${String(report.duplicateFilings)} dépôt(s) en double, ${String(report.idMismatches)} réponse(s) divergente(s)`,
    );
  if (report.refusedFilings > 0) broken.push(`${String(report.refusedFilings)} dépôt(s) refusé(s)`);
  return broken;
}

const report = await runKillScenario({
  kills,
  databaseUrl: process.env.DATABASE_URL || undefined,
  minLoadMs: values.long ? 500 : 1000,
  maxLoadMs: values.long ? 6000 : 3000,
  filers: values.long ? 4 : 3,
  uploaders: values.long ? 3 : 2,
  log: (line) => console.log(line),
});
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  [
    '',
    `Base : ${report.database} ; ${String(report.kills)} kill -9 en ${String(report.seconds)} s`,
    `Dépôts envoyés : ${String(report.filingsSent)} (dont ${String(report.filingsLost)} sans réponse, renvoyés avec la même clé) ; clés : ${String(report.filingKeys)}, déposées : ${String(report.filedKeys)}`,
    `Demandes en base : ${String(report.requests)} ; en double : ${String(report.duplicateFilings)} ; réponses divergentes : ${String(report.idMismatches)}`,
    `Pièces envoyées : ${String(report.uploadsSent)}, enregistrées : ${String(report.uploadsStored)}`,
    `Demandes à moitié créées : ${String(report.halfCreatedRequests)} ; pièces sans fichier : ${String(report.rowsWithoutFile)}`,
    `Balayage au démarrage après le dernier kill -9 : ${String(report.sweep.orphanFiles)} fichier(s) orphelin(s) (${mb(report.sweep.orphanBytes)} Mo), ${String(report.sweep.tempFiles)} temporaire(s) (${mb(report.sweep.tempBytes)} Mo), ${String(report.sweep.staleClaims)} réservation(s) périmée(s)`,
    `Après le balayage et les renvois : ${String(report.orphanFiles)} fichier(s) orphelin(s), ${String(report.tempFiles)} temporaire(s)`,
  ].join('\n'),
);
const broken = failures(report);
console.log(
  broken.length === 0
    ? 'OK : aucune demande à moitié créée, aucun fichier laissé, aucun dépôt en double.'
    : `ÉCHEC : ${broken.join(' ; ')}`,
);
process.exit(broken.length === 0 ? 0 : 1);

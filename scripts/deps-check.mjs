// npm run deps:check (and npm test): the API's folders import downwards only. Each top-level entry
// of apps/api/src sits in one layer; a file may import its own layer and the layers below, and the
// top-level folders never import each other in a cycle. docs/decisions/0015-api-layers.md says why
// and lists the imports still against the layers (KNOWN, below): each new one fails.
//
// dependency-cruiser's CLI refuses Node 20 (which this project supports); its cruise() runs there.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = 'apps/api/src/';

/** Top to bottom. A name is a folder or a file (without `.ts`) right under apps/api/src. */
const LAYERS = [
  ['app', 'server', 'warm-up', 'cli', 'jobs', 'seed', 'routes'],
  ['http'],
  [
    'orders',
    'coordination',
    'works-calendar',
    'public-works',
    'statistics',
    'groups',
    'users',
    'library',
    'cerfa',
    'recipients',
    'drafts',
  ],
  ['requests'],
  ['history', 'mail', 'policies', 'accounts', 'maintenance', 'legal-clock', 'geo'],
  ['auth', 'files', 'db'],
  ['errors', 'config', 'logger', 'version'],
];

/** Imports against the layers not yet undone: [from, to, why], paths under apps/api/src. */
/** @type {[string, string, string][]} */
const KNOWN = [];

const entryOf = (file) =>
  file
    .slice(SRC.length)
    .split('/')[0]
    .replace(/(\.test)?\.ts$/, '');
const pattern = (names) => `^${SRC}(${names.join('|')})(/|\\.)`;

const forbidden = LAYERS.slice(1).map((layer, index) => ({
  name: `couche-${String(index + 2)}`,
  comment: `${layer.join(', ')} n'importent pas les couches au-dessus`,
  severity: 'error',
  from: { path: pattern(layer) },
  to: { path: pattern(LAYERS.slice(0, index + 1).flat()) },
}));

const placed = new Set(LAYERS.flat());
const result = await cruise(
  [`${SRC}`],
  {
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    ruleSet: { forbidden },
  },
  undefined,
  { tsConfig: { fileName: path.join(root, 'apps/api/tsconfig.json') } },
);
const { modules, summary } = result.output;

const problems = [];
const unplaced = [
  ...new Set(
    modules
      .map((m) => m.source)
      .filter((s) => s.startsWith(SRC))
      .map(entryOf),
  ),
].filter((name) => !placed.has(name));
for (const name of unplaced) problems.push(`${SRC}${name} : hors des couches — la placer dans LAYERS`);

const known = new Set(KNOWN.map(([from, to]) => `${SRC}${from} → ${SRC}${to}`));
const seen = new Set();
for (const v of summary.violations) {
  const key = `${v.from} → ${v.to}`;
  if (known.has(key)) seen.add(key);
  else
    problems.push(
      `${key} : ${v.rule.name} — ${forbidden.find((r) => r.name === v.rule.name)?.comment ?? ''}`,
    );
}
for (const key of known)
  if (!seen.has(key)) problems.push(`${key} : exception inutile — la retirer de KNOWN`);

// Cycles between top-level entries, on the imports minus the known exceptions.
const edges = new Map();
for (const m of modules) {
  if (!m.source.startsWith(SRC)) continue;
  for (const d of m.dependencies) {
    if (!d.resolved.startsWith(SRC) || known.has(`${m.source} → ${d.resolved}`)) continue;
    const [a, b] = [entryOf(m.source), entryOf(d.resolved)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a).has(b)) edges.get(a).set(b, `${m.source} → ${d.resolved}`);
  }
}
const reaches = (from, to, visited = new Set()) => {
  if (from === to) return true;
  visited.add(from);
  return [...(edges.get(from)?.keys() ?? [])].some(
    (next) => !visited.has(next) && reaches(next, to, visited),
  );
};
for (const [a, targets] of edges) {
  for (const [b, example] of targets) {
    if (reaches(b, a)) problems.push(`${example} : cycle-dossiers — ${b}/ revient vers ${a}/`);
  }
}

for (const line of problems) console.error(line);
console.log(
  `deps:check : ${String(modules.length)} modules, ${String(problems.length)} problème(s), ` +
    `${String(KNOWN.length)} exception(s) connue(s) (docs/decisions/0015-api-layers.md)`,
);
process.exit(problems.length === 0 ? 0 : 1);

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Web features import each other only through their index (docs/ARCHITECTURE.md, "Layers and
// imports"); what several share lives in ui/, api/ or shared/, which import no feature.
const WEB_FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_INDEX_MESSAGE =
  'Importer une fonctionnalité par son index (features/<nom>/index.ts) ; ce qui est partagé va dans ui/, api/ ou shared/.';
const FEATURE_INDEXES = ['**/apps/web/src/features/*/index.ts'];

// Module boundaries: import the domain through its index only — but for its zod-free account
// texts, which the sign-in page imports alone (its bundle).
const DOMAIN_THROUGH_INDEX = {
  group: ['@voirie/domain/*', '!@voirie/domain/account-texts'],
  message: 'Importer le domaine par son index (@voirie/domain).',
};

// States and kinds are compared through the domain's names and predicates (docs/CODE_STYLE.md,
// « One name per concept »): a state or a request kind compared to a number in the apps is a rule
// written twice. The names below are the ones the code gives them: `stateId` (and the stored
// `state_id`, `exState`), `type` (the stored column) and `kind` (the wizard's).
const STATE_OR_KIND = '/^(state|stateId|state_id|exState|type|kind|requestKind|requestType)$/';
const NUMBER = 'Literal[raw=/^[0-9]+$/]';
/** @param {string} side */
const NAMED = (side) => [
  `${side}.type='Identifier'][${side}.name=${STATE_OR_KIND}`,
  `${side}.type='MemberExpression'][${side}.property.name=${STATE_OR_KIND}`,
];
const STATE_KIND_MESSAGE =
  'Comparer un état ou un type de demande par les noms et prédicats du domaine (@voirie/domain : STATE, REQUEST_KIND, isAwaitingReception, isAlignmentKind…), jamais à un nombre.';
const STATE_KIND_SELECTORS = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return NAMED(side).map(
      (named) => `BinaryExpression[operator=/^[!=]==?$/][${named}] > ${NUMBER}.${other}`,
    );
  }),
  // [3, 9].includes(row.stateId)
  ...NAMED('arguments.0').map(
    (named) =>
      `CallExpression[callee.property.name='includes'][${named}] > MemberExpression.callee > ArrayExpression.object[elements.0.raw=/^[0-9]+$/]`,
  ),
  // switch (row.stateId) { case 4: … }
  ...NAMED('discriminant').map((named) => `SwitchStatement[${named}] > SwitchCase > ${NUMBER}.test`),
  // Kysely: where('stateId', '=', 4), where('r.type', 'in', [1, 3]), eb('type', '=', 2)
  `CallExpression[arguments.0.value=/(^|\\.)(stateId|type)$/][arguments.1.type='Literal'] > ${NUMBER}.arguments`,
  `CallExpression[arguments.0.value=/(^|\\.)(stateId|type)$/][arguments.1.type='Literal'] > ArrayExpression.arguments[elements.0.raw=/^[0-9]+$/]`,
].map((selector) => ({ selector, message: STATE_KIND_MESSAGE }));

// Loose bags (the block « Loose bags stay few » below): kept in one list, because a later block
// setting no-restricted-syntax for the same files replaces it (the states' and kinds' one does).
const LOOSE_BAG_SELECTORS = [
  {
    selector:
      "TSTypeReference[typeName.name='Record'][typeArguments.params.0.type='TSStringKeyword'][typeArguments.params.1.type='TSUnknownKeyword']",
    message:
      'Record<string, unknown> : préférer un type précis (z.infer, union de clés, unknown + parse) ; sinon dire pourquoi en commentaire eslint-disable.',
  },
  {
    // The same bag spelled as an index signature.
    selector:
      "TSIndexSignature[parameters.0.typeAnnotation.typeAnnotation.type='TSStringKeyword'][typeAnnotation.typeAnnotation.type='TSUnknownKeyword']",
    message:
      '{ [clé: string]: unknown } : préférer un type précis (z.infer, union de clés, unknown + parse) ; sinon dire pourquoi en commentaire eslint-disable.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [DOMAIN_THROUGH_INDEX] }],
    },
  },
  {
    // Loose bags stay few (docs/CODE_STYLE.md, « Types »): a `Record<string, unknown>` outside
    // the tests needs `// eslint-disable-next-line no-restricted-syntax -- why` saying why it is
    // the right type; elsewhere a zod schema's z.infer, a union of keys or `unknown` + parse.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...LOOSE_BAG_SELECTORS] },
  },
  {
    // Tests read untyped JSON answers (inject().json(), fetch) and assert their shape:
    // the unsafe-any rules would only force casts that check nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.strict,
    languageOptions: {
      ...jsxA11y.flatConfigs.strict.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The API's transport stays in http/ (docs/decisions/0014-error-model.md): services throw the
    // errors of errors/ and never import http/; only the routes and the server's assembly do.
    // (A rule set here replaces the one above for these files: hence DOMAIN_THROUGH_INDEX again.)
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/routes/**',
      'apps/api/src/http/**',
      'apps/api/src/app.ts',
      'apps/api/src/server.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DOMAIN_THROUGH_INDEX,
            {
              regex: '^(\\./|(\\.\\./)+)http/',
              message:
                "Seuls routes/, app.ts et server.ts importent http/ : un service lève les erreurs d'errors/ (AppError, fieldError, refusalError), voir docs/decisions/0014-error-model.md.",
            },
          ],
        },
      ],
    },
  },
  {
    // Zones on resolved files, so that relative paths ('../../map/components/x') are caught.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((name) => ({
              target: `apps/web/src/features/${name}/**/*`,
              from: `apps/web/src/features/!(${name})/**/*`,
              except: FEATURE_INDEXES,
              message: FEATURE_INDEX_MESSAGE,
            })),
            {
              target: 'apps/web/src/app/**/*',
              from: 'apps/web/src/features/**/*',
              except: FEATURE_INDEXES,
              message: FEATURE_INDEX_MESSAGE,
            },
            {
              target: 'apps/web/src/{ui,api,shared,test}/**/*',
              from: 'apps/web/src/features/**/*',
              message: 'ui/, api/, shared/ et test/ ne dépendent d’aucune fonctionnalité.',
            },
          ],
        },
      ],
    },
  },
  {
    // Seeds and migrations write the stored numbers; tests may expect them.
    files: ['apps/**/*.{ts,tsx}', 'bench/**/*.ts'],
    ignores: [
      'apps/api/src/seed/**',
      'apps/api/src/db/migrations/**',
      'apps/api/test/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-syntax': ['error', ...LOOSE_BAG_SELECTORS, ...STATE_KIND_SELECTORS] },
  },
  {
    // Packages/domain stays pure: no I/O, no framework.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'kysely', 'react', 'fastify', 'pg'],
              message: 'Le domaine est pur : pas d’I/O ni de framework.',
            },
          ],
        },
      ],
    },
  },
);

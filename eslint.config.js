// ESLint flat config: type-aware TypeScript rules everywhere, React hooks rules in the web app, and the
// import boundaries of docs/ARCHITECTURE (packages never import apps; web features never import each
// other; server and web never import each other). `npm run lint` runs it with --max-warnings=0.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import rangsiZones from './tools/eslint/rangsi-zones.js';

const root = import.meta.dirname;
const TS = '**/*.{ts,tsx,mts,cts}';

/** Node's globals for the plain JavaScript files (scripts, this config). TypeScript files get theirs from types. */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'fetch',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'performance',
    'TextEncoder',
    'TextDecoder',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);

// ---- import boundaries ---------------------------------------------------------------------------

const restricted = (message, ...regexes) => regexes.map((regex) => ({ regex, message }));

/** Anything that reaches an app, from anywhere: a workspace package name or a path through apps/. */
const appImports = restricted(
  'packages/* are shared by the server and the web app and must not import either app.',
  '^@rangsi/(server|web|simulators)(/|$)',
  '(^|/)apps/',
);
const domainImportsContract = restricted(
  'packages/domain is the bottom layer (contract depends on it): it must not import packages/contract.',
  '^@rangsi/contract(/|$)',
  '(^|/)contract/src(/|$)',
);
const webImportsServer = restricted(
  'The web app talks to the server over HTTP (types come from @rangsi/contract); never import server code.',
  '^@rangsi/server(/|$)',
  '(^|/)server/src(/|$)',
);
const serverImportsWeb = restricted(
  'The server must not import web app code.',
  '^@rangsi/web(/|$)',
  '(^|/)web/src(/|$)',
);

const listDirs = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The web folders below the features (the shared layer). */
const WEB_SHARED = ['components', 'lib', 'api', 'i18n', 'config'];

/**
 * The web's zones (tools/eslint/rangsi-zones.js resolves each import, relative or `@/`, to the file it reaches): a
 * unit is one shared folder, one feature (`features/<name>`, its subfolders included), app/, or the files at the root
 * of src/. Leaving one's unit goes through `@/`; staying inside it is relative.
 */
const webZones = {
  base: `${root}/apps/web/src`,
  aliases: { '@/': '' },
  zones: { shared: WEB_SHARED, feature: ['features/*'], app: ['app'] },
  aliasAcrossUnits: true,
  relativeWithinUnit: true,
  restrictions: [
    {
      from: 'shared',
      to: ['feature', 'app'],
      message:
        'The shared web layer (components, lib, api, i18n, config) never imports a feature or src/app: pass what it needs in as props or arguments.',
      // Its tests may borrow a feature's fixture.
      exceptFrom: String.raw`\.test\.tsx?$`,
    },
    {
      from: 'feature',
      to: ['feature'],
      message:
        'Features never import each other: move shared code to src/components, src/lib or a package, or compose the features in src/app.',
    },
    {
      from: 'feature',
      to: ['app'],
      message:
        'Features never import src/app: app composes the features; shared code lives in src/components, src/lib or src/config.',
    },
  ],
};

/** The server folders below the modules. */
const SERVER_LIBRARY = [
  'dicom',
  'db',
  'i18n',
  'auth',
  'http',
  'audit',
  'storage',
  'pdf',
  'integrations',
  'jobs',
  'ops',
];

/**
 * apps/server/src/modules/<a> must not reach into another module's repository: it calls that module's
 * service. no-restricted-imports matches the import text, not the resolved file, so each module gets one
 * block per folder depth; at depth d inside <a>, `../` repeated d+1 times is the modules folder.
 * (The web's zones do this with a resolving rule, tools/eslint/rangsi-zones.js, which could take these over.)
 */
const MAX_MODULE_DEPTH = 4;
const moduleBlocks = listDirs(`${root}/apps/server/src/modules`).flatMap((mod) => {
  const own = `${escape(mod)}/`;
  const message = `A server module never imports another module's repository (this file is in modules/${mod}): call that module's service.`;
  return Array.from({ length: MAX_MODULE_DEPTH + 1 }, (_, depth) => ({
    name: `rangsi/boundaries/server-module-${mod}-depth-${depth}`,
    files: [`apps/server/src/modules/${mod}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportsWeb,
            ...restricted(
              message,
              `^(\\.\\./){${depth + 1}}(?!${own})[^./][^/]*/(.*/)?[^/]+\\.repository(\\.[cm]?[jt]s)?$`,
              `(^|/)modules/(?!${own})[^/]+/(.*/)?[^/]+\\.repository(\\.[cm]?[jt]s)?$`,
            ),
          ],
        },
      ],
    },
  }));
});

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'data/',
    '.tmp/',
    'e2e/.artifacts/',
    'test-results/',
    'playwright-report/',
    '**/test-results/',
    '**/playwright-report/',
    'apps/server/src/db/migrations/',
  ]),

  // ---- every file ----
  {
    name: 'rangsi/base',
    extends: [js.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // Input validation here rejects control characters on purpose (return URLs, DICOM strings, file names).
      'no-control-regex': 'off',
    },
  },

  // ---- TypeScript, type-aware ----
  {
    name: 'rangsi/typescript',
    files: [TS],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig of its workspace; the root config files, which belong
        // to none, with the base options.
        projectService: {
          allowDefaultProject: ['*.config.ts', '*.config.mts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // ---- tests: response bodies are untyped JSON (`res.json()` is any), and expect(obj.method) is normal ----
  {
    name: 'rangsi/tests',
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // ---- web app: React hooks ----
  {
    name: 'rangsi/web-react-hooks',
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---- boundaries ----
  {
    name: 'rangsi/boundaries/domain',
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...appImports, ...domainImportsContract] }] },
  },
  {
    name: 'rangsi/boundaries/contract',
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: appImports }] },
  },
  {
    name: 'rangsi/boundaries/web',
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webImportsServer }] },
  },
  {
    name: 'rangsi/boundaries/server',
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImportsWeb }] },
  },
  // The web's layers, bottom up: shared (components, lib, api, i18n, config) → features → app/ (tools/eslint).
  {
    name: 'rangsi/boundaries/web-zones',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { rangsi: rangsiZones },
    rules: { 'rangsi/zones': ['error', webZones] },
  },
  // The server's library and infrastructure folders sit below the modules (docs/architecture.md, the layers that
  // folder-cycles.test.ts keeps free of loops): they never import a module or the demo seed. Their tests may.
  {
    name: 'rangsi/boundaries/server-library',
    files: [`apps/server/src/{${SERVER_LIBRARY.join(',')}}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportsWeb,
            ...restricted(
              'Library and infrastructure code (dicom, db, i18n, auth, http, audit, storage, pdf, integrations, jobs, ops) never imports a module or the seed: a module passes what it needs in (a port, a callback).',
              '(^|/)modules/',
              '(^|/)seed/',
            ),
          ],
        },
      ],
    },
  },
  // Later blocks replace the rule's options for the files they match, so these repeat the app rule.
  ...moduleBlocks,
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The import arrows of docs/ARCHITECTURE.md §2, enforced: contracts import only zod; server and web
// never import each other; repositories never reach services; UI primitives import no feature.
const noCrossApp = (other) => ({
  group: [`**/apps/${other}/**`, `@storekeep/${other}`, `@storekeep/${other}/**`],
  message: `apps/server and apps/web never import each other; share through @storekeep/contracts.`,
});

// Module boundaries (docs/ARCHITECTURE.md §2): a module is used from outside only through its index.ts, which
// re-exports its public API; app.ts alone mounts modules' routes files. Tests may reach in.
const INDEX = 'index(\\.[cm]?[jt]s)?$';
const reachIn = (regex) => ({
  regex,
  message: "Use the other module through its index.ts (add what you need to that module's public API).",
});
// From outside apps/server/src/modules: `…/modules/<module>/<file>`.
const moduleReachIn = (allowed = INDEX) => reachIn(`(^|/)modules/[^/]+/(?!${allowed}).+`);
// From one module to another: `../<module>/<file>`.
const siblingReachIn = (except = '') => reachIn(`^\\.\\./(?!\\.\\.)${except}[^/]+/(?!${INDEX}).+`);
// A record type's definition is built from the records kit's parts, which the registry then collects.
const recordKitParts = '(definition|presenter|validation)(\\.[cm]?[jt]s)?$';

const testRules = [
  { selector: "CallExpression[callee.property.name='only']", message: 'No .only in committed tests.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...testRules],
    },
  },
  {
    // writeTransaction runs the end-of-transaction work (the team's write version, locked last).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/platform/db/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...testRules,
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Open write transactions with writeTransaction (platform/db).',
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // date-fns: the date rules both sides share (critical dates, lease terms) use the library, not hand-written math.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|zod/|date-fns/|\\.)', message: 'contracts imports only zod and date-fns.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noCrossApp('web')] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noCrossApp('web'), moduleReachIn()] }] },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noCrossApp('web'), siblingReachIn()] }] },
  },
  {
    files: ['apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noCrossApp('web'), moduleReachIn(`${INDEX}|([\\w-]+-)?routes(\\.[cm]?[jt]s)?$`)] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/{brands,companies,contacts,stores}/definition.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noCrossApp('web'), siblingReachIn(`(?!records/${recordKitParts})`)],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/repository.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noCrossApp('web'),
            siblingReachIn(),
            {
              group: ['**/service', '**/*.service', '**/routes'],
              message: 'Repositories never import services or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Under Node (tests, tsx, bench scripts) date-fns' index loads all of its ~250 files, 1.5-1.7 s per process;
    // the functions used, from their own files, 0.5 s. The builds (web, and the server's) tree-shake it.
    files: ['apps/server/**/*.ts', 'packages/contracts/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'date-fns', message: "Import each function from its own file: 'date-fns/addDays'." },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts the built app serves as they are (the offline page's).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noCrossApp('server')] }],
    },
  },
  {
    // The web app's two single sources: TanStack Query keys (api/query-keys.ts), so an invalidation always
    // matches what it refreshes, and permissions (`can()` in features/auth/permissions.ts), so a missing
    // ability is denied everywhere alike.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'apps/web/src/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...testRules,
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take query keys from queryKeys (api/query-keys.ts).',
        },
        {
          selector: "CallExpression[callee.name='invalidateAfterWrite'] > ArrayExpression",
          message: 'Take query keys from queryKeys (api/query-keys.ts).',
        },
        {
          selector: "MemberExpression[computed=false][object.property.name='abilities']",
          message: 'Ask can(abilities, action) (features/auth/permissions.ts): a missing ability is denied.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noCrossApp('server'),
            { group: ['**/features/**', '**/routes/**'], message: 'UI primitives import no feature.' },
          ],
        },
      ],
    },
  },
  {
    // Specs take `test` from e2e/fixtures.ts, whose automatic fixture fails a test on any CSP violation.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                "Import from '../fixtures' (it re-exports Playwright and fails tests on CSP violations).",
            },
          ],
        },
      ],
    },
  },
  prettier,
);

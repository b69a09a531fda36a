// Lint for app, server, tests and tools. The import zones below are ../shared/DESIGN.md's layering written as rules:
// data flows page → feature hook → services/api → services/http, nothing calls backwards, nothing skips a layer.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** One zone per layer: what files under `target` may not import. `except` is relative to `from`. */
const layer = (target, from, message, except = []) => ({ target, from, message, except })

// The typed error and the per-request options are data every caller above http may read (DESIGN § Errors are data);
// the client itself is reached only through services/api.
const httpData = ['./bizError.ts', './errorMessages.ts', './errorText.ts', './requestOptions.ts']

// Everything above the ground floor: the kernel (domain/) and the contract (types/api) import none of it.
const upstairs = ['./src', './server', './console', './scripts', './test', './config', './bench']

const layers = [
  // domain/: the kernel — pure rules app, server, console and contract share; it imports only its own files.
  ...upstairs.map((from) => layer('./domain', from, 'domain/ is the ground floor: it imports only its own files.')),
  layer('./domain', './types', 'domain/ is the ground floor: it imports only its own files.'),
  // The contract: shapes over the kernel's values, nothing above.
  ...upstairs.map((from) => layer('./types', from, 'The contract (types/api) builds on domain/ only.')),
  // The operator console: its own app over the contract and the kernel; nothing of the Taro app or the server.
  layer('./console', './src', 'The console shares domain/ and the contract with the app, nothing else.'),
  layer('./console', './server', 'The console talks to the server over HTTP only.'),
  layer('./console', './scripts', 'The console does not import build or CLI scripts.'),
  // i18n: catalogues; they read domain values only.
  layer('./src/i18n', './src', 'src/i18n reads domain/ only.', ['./i18n']),
  // Stores hold state, not logic: nothing above them.
  layer('./src/stores', './src', 'Stores import nothing above them (domain, i18n, stores).', ['./i18n', './stores']),
  // The http client: below services/api, platform, UI.
  layer('./src/services/http', './src', 'services/http is below services/api, platform and UI.', [
    './i18n',
    './stores',
    './services/http',
  ]),
  // services/api: one function per endpoint over the http client.
  layer('./src/services', './src/platform', 'services do not reach up into platform.'),
  layer('./src/services', './src/components', 'services do not reach up into UI.'),
  layer('./src/services', './src/hooks', 'services do not reach up into hooks.'),
  layer('./src/services', './src/pages', 'services do not reach up into pages.'),
  layer('./src/services', './src/subpackages', 'services do not reach up into pages.'),
  layer('./src/services', './src/queryClient.ts', 'services do not reach up into the app shell.'),
  // Platform bridges: below the UI.
  layer('./src/platform', './src/components', 'platform is below components: move the shared piece down.'),
  layer('./src/platform', './src/hooks', 'platform is below hooks.'),
  layer('./src/platform', './src/pages', 'platform is below pages.'),
  layer('./src/platform', './src/subpackages', 'platform is below pages.'),
  layer('./src/platform', './src/services/http', 'platform calls endpoints through services/api.', httpData),
  // App-wide components and hooks: no pages; data through hooks and services/api, never the http client.
  layer('./src/components', './src/pages', 'components are below pages.'),
  layer('./src/components', './src/subpackages', 'components are below pages.'),
  layer('./src/components', './src/services', 'components read data through hooks (src/hooks).'),
  layer('./src/hooks', './src/pages', 'hooks are below pages.'),
  layer('./src/hooks', './src/subpackages', 'hooks are below pages.'),
  layer('./src/hooks', './src/components', 'hooks are below components.'),
  layer('./src/hooks', './src/services/http', 'hooks call endpoints through services/api.', httpData),
  // Pages: through hooks and services/api, never the http client; the main package never imports a subpackage.
  layer('./src/pages', './src/services/http', 'pages call endpoints through services/api.', httpData),
  layer('./src/pages', './src/subpackages', 'the main package (pages/) never imports a subpackage.'),
  layer('./src/subpackages', './src/services/http', 'pages call endpoints through services/api.', httpData),
  layer('./src/subpackages/login', './src/subpackages', 'no cross-subpackage imports.', ['./login']),
  layer('./src/subpackages/order', './src/subpackages', 'no cross-subpackage imports.', ['./order']),
  layer('./src/subpackages/recharge', './src/subpackages', 'no cross-subpackage imports.', ['./recharge']),
  layer('./src/subpackages/userAccount', './src/subpackages', 'no cross-subpackage imports.', ['./userAccount']),
  // The server shares the kernel and the contract with the app, nothing else.
  layer('./server', './src', 'The server shares domain/ and the contract with the app, nothing else.'),
  layer('./server', './console', "The server serves the console's build, never its source."),
  layer('./src', './server', 'The app never imports the server.'),
  layer('./src', './console', 'The app never imports the console.'),
]

const noExportAll = {
  selector: 'ExportAllDeclaration',
  message: 'No re-export of a whole module: import from where it is defined.',
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.lighthouse/**',
      'coverage/**',
      'server/drizzle/**',
      'docs/openapi.json',
      // Deliberate mistakes the lint rules' own test lints (scripts/lintRules.test.ts).
      'scripts/fixtures/**',
      '**/*.min.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    settings: {
      // Without these import-x reads only .js dependencies: no-cycle and the zones' exports never saw a .ts file.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json', 'console/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The operator console runs in desktop browsers; its contract imports are types only, like the app's.
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': ['error', noExportAll],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@contract/*', '**/types/api/*'],
              allowTypeImports: true,
              message: 'The console imports the contract (types/api) with `import type` only: TypeBox stays out.',
            },
          ],
        },
      ],
    },
  },
  {
    // The mini-program hosts' APIs (read behind platform checks); what the shipped code may call at all is checked
    // on the builds by `npm run syntax:check` (the ES2017 floor) and the mini-program runtime.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { wx: 'readonly', my: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'types/**/*.ts', 'server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', noExportAll] },
  },
  {
    // domain runs in the app (three platforms) and in the server under Node: pure TypeScript, no package, no host.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'domain imports only its sibling files (no package).' }] },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'Taro',
          'wx',
          'my',
          'window',
          'document',
          'atob',
          'btoa',
          'Buffer',
          'TextDecoder',
          'TextEncoder',
          'process',
        ].map((name) => ({ name, message: 'domain is shared with the server: no platform or runtime global.' })),
      ],
      'no-restricted-syntax': [
        'error',
        noExportAll,
        {
          selector: 'TSEnumDeclaration[const=true]',
          message: 'Plain enums: babel and the server read them at run time.',
        },
      ],
    },
  },
  {
    // No barrel files (DESIGN § Style): import from the file that defines the thing.
    files: ['src/**/index.ts', 'types/**/index.ts', 'server/src/**/index.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'No barrel files: name the file.' }] },
  },
  {
    // The contract's schemas are server code (TypeBox): the app reads their types only, so none of it ships.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@contract/*', '**/types/api/*'],
              allowTypeImports: true,
              message: 'The app imports the contract (types/api) with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'server/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  prettier,
  {
    rules: {
      // After eslint-config-prettier (which turns max-len off): Prettier wraps code at 120 but leaves comments alone,
      // so they are held to the same width here.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
        },
      ],
    },
  },
)

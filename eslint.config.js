import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import i18next from 'eslint-plugin-i18next'
import tseslint from 'typescript-eslint'
import path from 'node:path'
import { domainImportRefusal, domainOf } from './scripts/domain-layers.mjs'

// Import boundaries (docs/decisions/015-import-boundaries.md). Arrows point down only: app -> contracts, app route
// modules -> server -> db, jobs -> server; server, db and jobs never import the UI; contracts import only zod. Proven
// by tests/lint-boundaries.test.ts.
/** The screens whose every text comes from the language catalogs (checked by i18next/no-literal-string below). */
const TRANSLATED_SCREENS = [
  'app/routes/admin/index.tsx',
  'app/routes/admin/layout.tsx',
  'app/routes/admin/settings/layout.tsx',
  'app/routes/admin/settings/general.tsx',
  'app/routes/admin/settings/roles.tsx',
  'app/routes/admin/settings/presets.tsx',
  'app/routes/admin/settings/platoons.tsx',
  'app/components/admin-settings/panel.tsx',
  'app/components/admin-settings/general-tab.tsx',
  'app/components/admin-settings/time-zone-section.tsx',
  'app/components/admin-settings/language-section.tsx',
  'app/components/admin-settings/leave-section.tsx',
  'app/components/admin-settings/roles-tab.tsx',
  'app/components/admin-settings/presets-tab.tsx',
  'app/components/admin-settings/platoons-tab.tsx',
  'app/components/top-bar.tsx',
  'app/components/error-boundary.tsx',
  'app/routes/home.tsx',
  'app/routes/account/route.tsx',
  'app/routes/account/language-section.tsx',
  'app/routes/trainings/route.tsx',
  'app/routes/trainings/training-row.tsx',
  'app/routes/library/route.tsx',
  'app/routes/library/library-view.tsx',
  'app/routes/roster/route.tsx',
  'app/routes/roster/search-form.tsx',
  'app/routes/roster/roster-table.tsx',
  'app/routes/roster/member-sheet.tsx',
  'app/routes/roster/$id.tsx',
  'app/components/roster/member-details.tsx',
  'app/components/personnel/profile.tsx',
  'app/routes/tests/route.tsx',
  'app/routes/tests/test-card.tsx',
  'app/routes/tests/question.tsx',
  'app/routes/tests/$uuid.take.tsx',
  'app/routes/tests/result.$uuid.tsx',
  'app/routes/join/route.tsx',
  'app/ui/pager.tsx',
  'app/routes/account/applications-section.tsx',
  'app/routes/account/calendar-section.tsx',
  'app/routes/account/guest-section.tsx',
  'app/routes/account/leave-section.tsx',
  'app/routes/account/notifications-section.tsx',
  'app/routes/account/operations-section.tsx',
  'app/routes/account/push-this-device.tsx',
  'app/routes/account/tokens-section.tsx',
  'app/routes/account/record.tsx',
  'app/routes/orbat/route.tsx',
  'app/routes/orbat/overlays.tsx',
  'app/routes/orbat/lock-banner.tsx',
  'app/routes/orbat/view-toggle.tsx',
  'app/routes/orbat/list-view.tsx',
  'app/routes/orbat/waitlist-panel.tsx',
  'app/components/orbat/badges.tsx',
  'app/components/orbat/slot-actions.tsx',
  'app/components/orbat/nodes.tsx',
  'app/components/orbat/orbat-canvas.tsx',
  'app/components/orbat/lazy-canvas.tsx',
  'app/ui/service-worker.tsx',
  'app/routes/allies/join.$code.tsx',
  'app/routes/admin/roster/leave/route.tsx',
  'app/routes/admin/roster/leave/leave-table.tsx',
  'app/routes/admin/roster/leave/deny-dialog.tsx',
  'app/routes/admin/recruitment/route.tsx',
  'app/routes/admin/recruitment/tabs.tsx',
  'app/routes/admin/recruitment/form.tsx',
]

const ARROWS = 'Arrows point down: app -> contracts, app route modules -> server -> db, jobs -> server.'

const NO_APP = {
  // `#app/x`, or a relative path into the top-level app/ folder (`../../app/x`).
  regex: '^(#app/|(\\.\\./)+app(/|$))',
  message: `${ARROWS} server/, db/ and jobs/ never import the UI (#app/*): move what both sides need to contracts/ (client-safe) or down into server/.`,
}
const NO_SERVER_FROM_DB = {
  regex: '^(#server/|#jobs/|(\\.\\./)+(server|jobs)(/|$))',
  message: `${ARROWS} db/ is the bottom layer and never imports server/ or jobs/: move the shared piece into db/ (demo data lives in db/seed/).`,
}

/** One block per folder: its forbidden imports, static and dynamic (`await import(...)`). */
function layer(files, forbidden) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: forbidden }],
      // esquery regexes end at the first `/`, so the literal slash is written `\x2F` here.
      'no-restricted-syntax': [
        'error',
        ...forbidden.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
          message,
        })),
      ],
    },
  }
}

const SERVER_DIR = path.resolve(import.meta.dirname, 'server')

/**
 * Borders between server/'s domain folders (the map in scripts/domain-layers.mjs): every import of another domain,
 * relative or `#server/*`, static, dynamic or re-exported, must point to a floor below.
 */
const domainImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = domainOf(SERVER_DIR, context.filename)
    if (!from) return {}
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const specifier = source.value
      const target = specifier.startsWith('#server/')
        ? path.join(SERVER_DIR, specifier.slice('#server/'.length))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(context.filename), specifier)
          : null
      const to = target && domainOf(SERVER_DIR, target)
      const refusal = to && domainImportRefusal(from, to)
      if (refusal) context.report({ node: source, message: refusal })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    }
  },
}

/**
 * contracts/ is shared with the client bundle, so it is an allow-list: zod, and other contracts files (`./x.ts`,
 * `../x.ts` inside contracts/, or `#contracts/*`). Everything else fails: react, react-router, drizzle-orm, node:*,
 * `#app/*`, `#server/*`, `#db/*`, `#jobs/*`, `#tests/*`, a relative path out to another top-level folder.
 */
function contractsLayer(files) {
  const message = `${ARROWS} contracts/ is client-safe and imports only zod and other contracts files (./x.ts or #contracts/*).`
  return {
    files,
    // Tests beside a contract run only under vitest, never in a bundle: they may import vitest.
    ignores: ['contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!(zod(/.*)?|#contracts/.*|\\.{1,2}/.*)$)', message },
            // A relative path may not climb out of contracts/ into a sibling folder.
            { regex: '^(\\.\\./)+(app|server|db|jobs|tests|scripts|bench|public|node_modules)(/|$)', message },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: `${message} No dynamic imports.` },
        // Every text field refuses NUL bytes, every number field odd spellings ('0x10', '1e3', ' 5'):
        // docs/reliability.md, Bad input.
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message:
            'Build text fields with text() from contracts/fields.ts: it refuses the NUL bytes PostgreSQL cannot store.',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message:
            "Read numbers with numberInput() or idInput() from contracts/fields.ts: z.coerce takes '0x10' for 16 and '' for 0.",
        },
      ],
    },
  }
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      'node_modules/**',
      '.data/**',
      'db/migrations/**',
      'server/orbat/mission/sqm-parser.*',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Unused imports, locals and parameters are the type check's (noUnusedLocals, noUnusedParameters in
      // tsconfig.json), far cheaper than this rule: docs/decisions/059-prettier-oxc-and-unused-names-by-tsc.md.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The UI reaches server code only through #server/* aliases, and only from loaders/actions.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/*', '**/db/*', '**/jobs/*'],
              message: 'Use #server/*, #db/* or #jobs/* from loaders/actions only.',
            },
          ],
        },
      ],
    },
  },
  // Server-side layers: jobs -> server -> db, and none of them reaches up into the UI.
  // A later block for the same files replaces these rules (flat config does not merge rule options), so each folder
  // gets exactly one block with its whole list.
  layer(['server/**/*.{ts,tsx}', 'jobs/**/*.{ts,tsx}'], [NO_APP]),
  layer(['db/**/*.{ts,tsx}'], [NO_APP, NO_SERVER_FROM_DB]),
  contractsLayer(['contracts/**/*.{ts,tsx}']),
  {
    // Tests may reach across domains to set up and check; product code keeps to the map.
    files: ['server/**/*.{ts,tsx,mjs}'],
    ignores: ['server/**/*.test.ts'],
    plugins: { house: { rules: { 'domain-imports': domainImports } } },
    rules: { 'house/domain-imports': 'error' },
  },
  {
    // The screens already in every language (docs/rules/languages.md) show no text written in the component: every word
    // a person reads comes from contracts/i18n/. A screen joins this list when its texts move to the catalogs.
    files: TRANSLATED_SCREENS,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'placeholder', 'alt', 'label', 'description'] },
          // The plugin's own list, and use-intl's t.rich beside t: both take a key of the catalogs, not a text.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              't\\.rich',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
            ],
          },
          message:
            'A text a person reads comes from the catalogs (contracts/i18n/en.json and useT), not the component.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
)

import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Layout rules of the house (issue 7 item 5), executable:
 * - `fastify` only in route files, platform/http, platform plugins, HTTP adapters (`*.http.ts`: multipart
 *   parsing, SSE, OpenAI-shaped responses), src/app.ts, src/main.ts and tests;
 * - `drizzle-orm` only in repositories (`*.repo.ts`), table files (`*.table.ts`), platform/db and tests;
 * - nothing under src/platform imports src/modules;
 * - a module imports another module only through that module's index.ts.
 * The first two are `no-restricted-imports` zones; the last two compare resolved paths (local rule below).
 */
const TESTS = ['**/*.test.ts', 'test/**', 'bench/**'];
const FASTIFY_ALLOWED = ['**/*.routes.ts', 'src/platform/http/**', 'src/platform/**/plugin.ts', '**/*.http.ts', 'src/app.ts', 'src/main.ts', ...TESTS];
const DRIZZLE_ALLOWED = ['**/*.repo.ts', '**/*.table.ts', 'src/platform/db/**', ...TESTS];

const fastifyImports = {
  paths: [{ name: 'fastify', message: 'Fastify belongs in route files, platform/http and HTTP adapters (*.http.ts); services see plain values.' }],
  patterns: [{ group: ['@fastify/*'], message: 'Fastify plugins belong in platform/http, src/app.ts and HTTP adapters (*.http.ts).' }],
};
const drizzleImports = {
  patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories (*.repo.ts), table files (*.table.ts) and platform/db write SQL.' }],
};
/** One `no-restricted-imports` entry per disjoint set of files (ESLint keeps one setting of a rule per file). */
function zone(files, ignores, ...restrictions) {
  const merged = { paths: restrictions.flatMap((r) => r.paths ?? []), patterns: restrictions.flatMap((r) => r.patterns ?? []) };
  return { files, ignores, rules: { 'no-restricted-imports': ['error', merged] } };
}
const srcOnly = (globs) => globs.filter((g) => !TESTS.includes(g)).map((g) => (g.startsWith('src/') ? g : `src/${g}`));

const MODULES = path.resolve(import.meta.dirname, 'src/modules');
const PLATFORM = path.resolve(import.meta.dirname, 'src/platform');
const inside = (dir, file) => !path.relative(dir, file).startsWith('..');
const moduleOf = (file) => {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..') || !rel.includes(path.sep)) return null; // outside src/modules, or the composition root
  return rel.split(path.sep)[0];
};

/**
 * Boundaries between folders, checked on resolved paths: nothing under src/platform imports src/modules
 * (platform declares a port, a module implements it), and a module reaches another module only through
 * that module's index.ts (its public face). The composition root (src/modules/*.ts) wires them all.
 */
const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      platform: 'platform/ never imports modules/ ({{source}}): declare a port in platform and let the module implement it.',
      deep: "Import module '{{target}}' through its index.ts, not {{source}}.",
    },
  },
  create(context) {
    const fromPlatform = inside(PLATFORM, context.filename);
    const from = moduleOf(context.filename);
    if (!fromPlatform && !from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source);
      if (fromPlatform) {
        if (inside(MODULES, resolved)) context.report({ node: node.source, messageId: 'platform', data: { source } });
        return;
      }
      const target = moduleOf(resolved);
      if (!target || target === from) return;
      if (path.relative(path.join(MODULES, target), resolved).replace(/\.(js|ts)$/, '') === 'index') return;
      context.report({ node: node.source, messageId: 'deep', data: { target, source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * One way to reach a tenant's rows: a TenantDb (the route builder's `tenant`, or `tenantDb(db, id)` in jobs and the
 * CLI) whose TenantTx carries the tenant id, so a repository reads the id from the transaction it was given. Opening
 * `db.tenant(id, tx => f(tx, id))` by hand, or a function taking a transaction and a tenant id side by side, lets a
 * caller pair one tenant's transaction with another tenant's id. platform/db implements the TenantDb on top of
 * `Database.tenant`; tests may open it to probe row-level security.
 */
const TX_THEN_TENANT_ID = "[params.0.typeAnnotation.typeAnnotation.typeName.name='Tx'][params.1.name='tenantId']";
const tenantAccess = {
  files: ['src/**/*.ts'],
  ignores: [...TESTS, 'src/platform/db/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='tenant']",
        message: 'Use a TenantDb (the route builder\'s tenant, or tenantDb(db, id)) and its run(t => ...), not db.tenant(id, tx => ...).',
      },
      ...[':function', 'TSMethodSignature', 'TSFunctionType'].map((node) => ({
        selector: `${node}${TX_THEN_TENANT_ID}`,
        message: 'Take the TenantTx ({ tx, tenantId }) instead of a transaction and a tenant id side by side.',
      })),
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'web/dist/', 'web/src/api/schema.d.ts', 'node_modules/', '.cache/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  zone(['src/**/*.ts'], [...FASTIFY_ALLOWED, ...DRIZZLE_ALLOWED], fastifyImports, drizzleImports),
  zone(srcOnly(DRIZZLE_ALLOWED), FASTIFY_ALLOWED, fastifyImports),
  zone(srcOnly(FASTIFY_ALLOWED), DRIZZLE_ALLOWED, drizzleImports),
  {
    files: ['src/**/*.ts'],
    ignores: TESTS,
    plugins: { layout: { rules: { boundaries } } },
    rules: { 'layout/boundaries': 'error' },
  },
  tenantAccess,
);

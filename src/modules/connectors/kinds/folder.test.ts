/**
 * The folder kind on its own: a real temporary folder, listed and opened through the kind with a hand-built context.
 * It refuses folders outside the roots (or given with ".."), reports links that leave the folder as item errors,
 * filters by globs, and reads a file again only when its size or time changed.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedClient } from '../../../platform/net/guarded-fetch.js';
import { folderKind } from './folder.js';
import type { ConnectorContext, ConnectorEnv, ListEvent } from './kind.js';

let base: string;
let root: string;
let outside: string;
let env: ConnectorEnv;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'kb-folder-kind-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'docs', 'sub'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'docs', 'a.md'), '# A');
  await writeFile(path.join(root, 'docs', 'sub', 'b.txt'), 'b');
  await writeFile(path.join(root, 'docs', 'sub', 'skip.log'), 'log');
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'docs', 'leak.txt'));
  await symlink(path.join(root, 'docs', 'a.md'), path.join(root, 'docs', 'alias.md'));
  env = { folderRoots: [root], userAgent: 'test', policy: { allowPrivate: false, allowedHosts: [] }, graphBaseUrl: 'https://graph.invalid', graphLoginUrl: 'https://login.invalid' };
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

function context(config: Record<string, unknown>, previous: Record<string, string> = {}): ConnectorContext {
  return {
    connectorId: 'c',
    tenantId: 't',
    config,
    credentials: null,
    env,
    http: createGuardedClient({ policy: env.policy }),
    signal: new AbortController().signal,
    previous: async (id) => (previous[id] ? { version: previous[id] } : null),
    cursor: null,
    limits: { maxItems: 100, maxFileBytes: 1024 * 1024 },
    now: () => Date.now(),
  };
}

async function listAll(ctx: ConnectorContext): Promise<ListEvent[]> {
  const out: ListEvent[] = [];
  for await (const event of folderKind.list(ctx)) out.push(event);
  return out;
}

describe('the folder kind', () => {
  it('accepts a folder under a root and refuses others, naming config.path', async () => {
    expect(await folderKind.check!({ path: path.join(root, 'docs') }, env)).toBeNull();
    for (const p of [outside, path.join(root, 'docs', '..', '..', 'outside'), 'relative/path', path.join(root, 'missing')]) {
      expect(await folderKind.check!({ path: p }, env), p).toMatchObject({ loc: ['config', 'path'] });
    }
    expect(await folderKind.check!({ path: root }, { ...env, folderRoots: [] })).toMatchObject({ message: expect.stringContaining('CONNECTOR_FOLDER_ROOTS') });
  });

  it('lists files recursively, follows links inside the folder only, and filters by globs', async () => {
    const events = await listAll(context({ path: path.join(root, 'docs'), exclude: ['**/*.log'] }));
    const items = events.flatMap((e) => (e.type === 'item' ? [e.item.externalId] : []));
    expect(items).toEqual(['a.md', 'alias.md', 'sub/b.txt']);
    const errors = events.flatMap((e) => (e.type === 'error' ? [e] : []));
    expect(errors).toEqual([{ type: 'error', externalId: 'leak.txt', message: expect.stringContaining('outside the folder') }]);
    const only = await listAll(context({ path: path.join(root, 'docs'), include: ['sub/**'] }));
    expect(only.flatMap((e) => (e.type === 'item' ? [e.item.externalId] : []))).toEqual(['sub/b.txt', 'sub/skip.log']);
  });

  it('keeps the version without reading when size and time are unchanged, and opens the content', async () => {
    const ctx = context({ path: path.join(root, 'docs'), include: ['a.md'] });
    const [first] = await listAll(ctx);
    if (first.type !== 'item') throw new Error('expected an item');
    expect(first.item.version).toMatch(/^3:\d+:[0-9a-f]{64}$/);
    // A version from "last run" with the same size and time but another hash is kept: the file was not read.
    const [size, time] = first.item.version.split(':');
    const [again] = await listAll(context(ctx.config, { 'a.md': `${size}:${time}:cached` }));
    expect(again.type === 'item' && again.item.version).toBe(`${size}:${time}:cached`);
    await utimes(path.join(root, 'docs', 'a.md'), new Date(), new Date(Date.now() + 5000));
    const [touched] = await listAll(context(ctx.config, { 'a.md': `${size}:${time}:cached` }));
    expect(touched.type === 'item' && touched.item.version.endsWith(first.item.version.split(':')[2])).toBe(true);
    const stream = await folderKind.open(ctx, first.item);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('# A');
    await expect(folderKind.open(ctx, { ...first.item, externalId: '../outside/secret.txt' })).rejects.toThrow();
    await expect(folderKind.open(ctx, { ...first.item, externalId: 'leak.txt' })).rejects.toThrow(/outside/);
  });

  it('fails the listing when the folder cannot be read', async () => {
    await expect(listAll(context({ path: path.join(root, 'gone') }))).rejects.toThrow(/cannot be listed/);
  });
});

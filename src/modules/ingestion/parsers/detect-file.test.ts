import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileFormat } from './detect-file.js';
import { detectFormat, ENCRYPTED_OOXML_DETAIL, ENCRYPTED_OOXML_MARKER } from './detect.js';

/** Detection of a spooled upload reads a bounded head, yet gives the verdicts detectFormat gives on the whole file. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kb-detect-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const MiB = 1024 * 1024;

async function file(name: string, bytes: Buffer): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, bytes);
  return p;
}

describe('detectFileFormat', () => {
  it('finds the encryption marker of an OLE container past the head it reads, even across two read chunks', async () => {
    // The second marker straddles two 256 KiB read chunks.
    for (const at of [3 * MiB, 2 * MiB - 18]) {
      const bytes = Buffer.concat([OLE, Buffer.alloc(at), ENCRYPTED_OOXML_MARKER, Buffer.alloc(1000)]);
      const verdict = await detectFileFormat(await file(`enc-${at}.docx`, bytes), 'report.docx');
      expect(verdict).toEqual({ ok: false, detail: ENCRYPTED_OOXML_DETAIL });
      expect(verdict).toEqual(detectFormat(bytes, 'report.docx'));
    }
  });

  it('gives the verdict of detectFormat for a large legacy Office file, a large text file and a PDF', async () => {
    const cases: Array<[string, Buffer]> = [
      ['legacy.xlsx', Buffer.concat([OLE, Buffer.alloc(3 * MiB)])],
      ['big.txt', Buffer.from('All work and no play.\n'.repeat(200_000))],
      ['paper.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * MiB, 0x20)])],
      ['binary.csv', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(2 * MiB)])],
    ];
    for (const [name, bytes] of cases) {
      expect(await detectFileFormat(await file(name, bytes), name), name).toEqual(detectFormat(bytes, name));
    }
  });
});

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class TooLargeError extends Error {}

/**
 * An item's content written to a private temporary file (the documents module accepts files, never whole buffers),
 * cut off with TooLargeError past `maxBytes`: a source that said nothing of the size cannot fill the disk.
 */
export async function spoolItem(tmpRoot: string, content: Readable | Buffer, maxBytes: number, signal: AbortSignal): Promise<{ path: string; size: number; remove(): Promise<void> }> {
  await mkdir(tmpRoot, { recursive: true, mode: 0o700 });
  const file = path.join(tmpRoot, `item-${randomUUID()}`);
  const remove = () => rm(file, { force: true });
  try {
    if (Buffer.isBuffer(content)) {
      if (content.length > maxBytes) throw new TooLargeError(`larger than the upload limit of ${maxBytes} bytes`);
      await writeFile(file, content, { mode: 0o600 });
      return { path: file, size: content.length, remove };
    }
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new TooLargeError(`larger than the upload limit of ${maxBytes} bytes`));
        else done(null, chunk);
      },
    });
    await pipeline(content, limit, createWriteStream(file, { mode: 0o600 }), { signal });
    return { path: file, size, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

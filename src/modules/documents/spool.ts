import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';

/** One part of a multipart body, as @fastify/multipart yields it (structurally, so this file needs no Fastify). */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  file?: AsyncIterable<Buffer> & { truncated?: boolean };
  value?: unknown;
}

interface SpooledFile {
  filename: string;
  path: string;
  size: number;
  /** Cut at the per-file size limit. */
  truncated: boolean;
}

export interface SpooledUpload {
  files: SpooledFile[];
  /** Every file part seen, including those not kept once the limit was passed. */
  fileCount: number;
  /** Parts under another field name than the file field. */
  unexpectedFileFields: string[];
  fields: Map<string, unknown[]>;
  cleanup(): Promise<void>;
}

/**
 * Streams a multipart body to a private temporary directory, one file at a time, so a 500-file upload
 * never sits in memory. Files past `maxFiles` are read and dropped: the request is refused as a whole
 * (nothing is stored), after the client has finished sending it.
 */
export async function spoolUpload(
  parts: AsyncIterable<UploadPart>,
  options: { tmpRoot: string; fileField: string; maxFiles: number },
): Promise<SpooledUpload> {
  await mkdir(options.tmpRoot, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(options.tmpRoot, 'bulk-'));
  const upload: SpooledUpload = {
    files: [],
    fileCount: 0,
    unexpectedFileFields: [],
    fields: new Map(),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        const values = upload.fields.get(part.fieldname) ?? [];
        values.push(part.value);
        upload.fields.set(part.fieldname, values);
        continue;
      }
      const file = part.file!;
      if (part.fieldname !== options.fileField) {
        upload.unexpectedFileFields.push(part.fieldname);
        for await (const _chunk of file); // drained: the request is refused once it is read
        continue;
      }
      upload.fileCount++;
      if (upload.fileCount > options.maxFiles) {
        for await (const _chunk of file);
        continue;
      }
      const target = path.join(dir, String(upload.fileCount));
      const handle = await open(target, 'wx', 0o600);
      let size = 0;
      try {
        for await (const chunk of file) {
          size += chunk.length;
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      upload.files.push({ filename: part.filename ?? '', path: target, size, truncated: Boolean(file.truncated) });
    }
  } catch (error) {
    await upload.cleanup();
    throw error;
  }
  return upload;
}

import { chunkDocument, type Chunk, type ChunkOptions } from './chunker.js';
import type { ParsedDocument } from '../parsers/types.js';

/** Piscina worker entry: chunking is pure CPU (tokenising every block), so it runs off the event loop. */
export default function runChunkTask(task: { doc: ParsedDocument; options: ChunkOptions }): Chunk[] {
  return chunkDocument(task.doc, task.options);
}

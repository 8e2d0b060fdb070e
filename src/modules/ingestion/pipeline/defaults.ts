import { createOfflineEmbedder } from '../embedding/offline-embedder.js';
import type { DescriptionGenerator, EmbeddingResolver } from '../ports.js';

/**
 * Until the language-model area plugs in real ones: every tenant embeds with the built-in offline
 * embedder (whatever model the profile names), and nothing generates descriptions, so documents get the
 * extractive summary.
 */
export function offlineEmbeddingResolver(): EmbeddingResolver {
  const embedder = createOfflineEmbedder();
  return { forTenant: async () => embedder };
}

export const noDescriptions: DescriptionGenerator = { describe: async () => null };

import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { indexingProfiles } from './documents.table.js';

export interface IndexingProfile {
  chunkSize: number;
  chunkOverlap: number;
  /** null: the tenant's default embedding model, else the built-in offline embedder. */
  embeddingModel: string | null;
  /** Most documents of this tenant indexed at the same time, across all workers. */
  parallelism: number;
  /** The tenant's default chat model writes each document's description (sends the document's beginning to it). */
  aiDescriptions: boolean;
  updatedAt: Date | null;
}

/** The values of the column defaults (migrations 0002, 0006): a tenant that never saved a profile gets these. */
export const DEFAULT_PROFILE: IndexingProfile = { chunkSize: 512, chunkOverlap: 64, embeddingModel: null, parallelism: 4, aiDescriptions: false, updatedAt: null };

export async function readProfile(tx: Tx, tenantId: string): Promise<IndexingProfile> {
  const [row] = await tx.select().from(indexingProfiles).where(eq(indexingProfiles.tenantId, tenantId));
  return row ?? DEFAULT_PROFILE;
}

export async function writeProfile(tx: Tx, tenantId: string, profile: Omit<IndexingProfile, 'updatedAt'>): Promise<IndexingProfile> {
  const values = {
    chunkSize: profile.chunkSize,
    chunkOverlap: profile.chunkOverlap,
    embeddingModel: profile.embeddingModel,
    parallelism: profile.parallelism,
    aiDescriptions: profile.aiDescriptions,
    updatedAt: sql`now()`,
  };
  const [row] = await tx
    .insert(indexingProfiles)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: indexingProfiles.tenantId, set: values })
    .returning();
  return row;
}

import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { indexingProfiles } from './documents.schema.js';

export interface IndexingProfile {
  chunkSize: number;
  chunkOverlap: number;
  /** null: the tenant's default embedding model, else the built-in offline embedder. */
  embeddingModel: string | null;
  /** Most documents of this tenant indexed at the same time, across all workers. */
  parallelism: number;
  updatedAt: Date | null;
}

/** The values of migration 0002's column defaults: a tenant that never saved a profile gets these. */
export const DEFAULT_PROFILE: IndexingProfile = { chunkSize: 512, chunkOverlap: 64, embeddingModel: null, parallelism: 4, updatedAt: null };

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
    updatedAt: sql`now()`,
  };
  const [row] = await tx
    .insert(indexingProfiles)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: indexingProfiles.tenantId, set: values })
    .returning();
  return row;
}

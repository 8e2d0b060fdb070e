import { eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { indexingProfiles, type TextSearchConfig } from './documents.table.js';

export interface IndexingProfile {
  chunkSize: number;
  chunkOverlap: number;
  /** null: the tenant's default embedding model, else the built-in offline embedder. */
  embeddingModel: string | null;
  /** Most documents of this tenant indexed at the same time, across all workers. */
  parallelism: number;
  /** How new chunks are indexed for full text: 'english' (stemmed, stop words dropped) or 'simple' (any language). */
  textSearchConfig: TextSearchConfig;
  /** The tenant's default chat model writes each document's description (sends the document's beginning to it). */
  aiDescriptions: boolean;
  updatedAt: Date | null;
}

/** The values of the column defaults (migrations 0002, 0006, 0007): a tenant that never saved a profile gets these. */
const DEFAULT_PROFILE: IndexingProfile = {
  chunkSize: 512,
  chunkOverlap: 64,
  embeddingModel: null,
  parallelism: 4,
  textSearchConfig: 'english',
  aiDescriptions: false,
  updatedAt: null,
};

export async function readProfile({ tx, tenantId }: TenantTx): Promise<IndexingProfile> {
  const [row] = await tx.select().from(indexingProfiles).where(eq(indexingProfiles.tenantId, tenantId));
  return row ?? DEFAULT_PROFILE;
}

/** Replaces the tenant's profile (every field; the API's PUT fills the defaults of the ones left out). */
export async function writeProfile({ tx, tenantId }: TenantTx, profile: Omit<IndexingProfile, 'updatedAt'>): Promise<IndexingProfile> {
  const values = {
    chunkSize: profile.chunkSize,
    chunkOverlap: profile.chunkOverlap,
    embeddingModel: profile.embeddingModel,
    parallelism: profile.parallelism,
    textSearchConfig: profile.textSearchConfig,
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

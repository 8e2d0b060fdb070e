/**
 * Kept only for `embeddings/describer.ts`, which another change edits at the same time (issue 8 item 4); the tenant-level
 * access lives in the gate (`../gate.ts`). Import `CredentialSource` from there; this file goes once nothing imports it.
 */
export type { CredentialSource } from '../gate.js';

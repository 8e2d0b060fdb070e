import type { ConnectorKind } from './kind.js';
import { folderKind } from './folder.js';

/** Every kind the service offers, one line each (a kind is one file beside this one, see docs/connectors.md). */
export const CONNECTOR_KINDS: readonly ConnectorKind[] = [folderKind];

export function findKind(kind: string): ConnectorKind | null {
  return CONNECTOR_KINDS.find((k) => k.kind === kind) ?? null;
}

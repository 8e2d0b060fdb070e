import type { ConnectorKind } from './kind.js';
import { folderKind } from './folder.js';
import { s3Kind } from './s3.js';
import { sharepointKind } from './sharepoint.js';
import { webKind } from './web.js';

/** Every kind the service offers, one line each (a kind is one file beside this one, see docs/connectors.md). */
export const CONNECTOR_KINDS: readonly ConnectorKind[] = [webKind, s3Kind, folderKind, sharepointKind];

export function findKind(kind: string): ConnectorKind | null {
  return CONNECTOR_KINDS.find((k) => k.kind === kind) ?? null;
}

import type { Readable } from 'node:stream';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../../platform/db/tenant-db.js';
import type { BlobStore } from '../../../platform/blobs/blob-store.js';
import type { TokenService } from '../../../platform/auth/tokens.js';
import { AppError } from '../../../platform/http/errors.js';
import type { ParsedDocument } from '../../ingestion/index.js';
import { findViewableDocument } from './viewer.repo.js';
import { renderDocumentHtml } from './render-html.js';

const VIEWER_TOKEN_TTL_SEC = 600;

export interface ViewerDeps {
  /** The view route has no principal: the tenant comes from the verified token. */
  db: Pick<Database, 'tenant'>;
  blobs: Pick<BlobStore, 'get' | 'stream' | 'size'>;
  tokens: Pick<TokenService, 'sign' | 'verify'>;
  publicBaseUrl: string;
}

/** 401 without a Bearer challenge: the view route takes a viewer token, never a bearer. */
const invalidViewerToken = (detail: string) => new AppError('invalid_viewer_token', detail);

export type ViewResult =
  | { kind: 'pdf'; filename: string; size: number; body: Readable }
  | { kind: 'html'; filename: string; html: string };

export function createViewerService(deps: ViewerDeps) {
  const { db } = deps;

  /** A token that opens this one document, for 10 minutes, without any other credential. */
  async function issueToken(tenant: TenantDb, documentId: string) {
    const doc = await tenant.run((t) => findViewableDocument(t, documentId));
    if (!doc) throw new AppError('document_not_found');
    const { token, expiresAt } = await deps.tokens.sign('viewer', { sub: doc.id, tid: tenant.tenantId }, VIEWER_TOKEN_TTL_SEC);
    return {
      viewer_token: token,
      token_type: 'viewer' as const,
      expires_in: VIEWER_TOKEN_TTL_SEC,
      expires_at: expiresAt.toISOString(),
      view_url: `${deps.publicBaseUrl}/api/v1/documents/${doc.id}/view`,
    };
  }

  /** Checks the token against the document of the path, then renders it: the original PDF, or HTML from the extracted blocks. */
  async function view(documentId: string, token: string | undefined): Promise<ViewResult> {
    if (!token) throw invalidViewerToken('A viewer token is required (header X-Viewer-Token)');
    const claims = await deps.tokens.verify('viewer', token);
    if (!claims) throw invalidViewerToken('The viewer token is invalid or expired');
    if (claims.sub.toLowerCase() !== documentId.toLowerCase()) throw invalidViewerToken('The viewer token is not valid for this document');
    const doc = await tenantDb(db, claims.tid).run((t) => findViewableDocument(t, documentId));
    if (!doc) throw new AppError('document_not_found');

    if (doc.format === 'pdf') {
      const [size, body] = await Promise.all([deps.blobs.size(doc.blobKey), deps.blobs.stream(doc.blobKey)]);
      return { kind: 'pdf', filename: doc.filename, size, body };
    }
    if (!doc.extractedKey) {
      if (doc.status === 'error') {
        throw new AppError('document_failed', `The document could not be processed, so there is nothing to show: ${doc.error ?? 'unknown error'}`);
      }
      throw new AppError('document_not_ready', `The document is not ready to view yet (status: ${doc.status}); try again once it is indexed`);
    }
    const parsed = JSON.parse((await deps.blobs.get(doc.extractedKey)).toString('utf8')) as ParsedDocument;
    return { kind: 'html', filename: doc.filename, html: renderDocumentHtml({ filename: doc.filename, doc: parsed }) };
  }

  return { issueToken, view };
}
export type ViewerService = ReturnType<typeof createViewerService>;

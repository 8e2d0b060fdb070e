import { api, call } from './client';

/**
 * Opens a document in the service's viewer in a new tab: a 10-minute viewer token scoped to this one
 * document rides in the URL (never the user's bearer). PDFs open at `page` when given.
 */
export async function openViewer(documentId: string, page?: number | null): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  const token = await call(api.POST('/api/v1/documents/{id}/viewer-token', { params: { path: { id: documentId } } }));
  const url = `${token.view_url}?viewer_token=${encodeURIComponent(token.viewer_token)}${page ? `#page=${page}` : ''}`;
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else window.location.href = url;
}

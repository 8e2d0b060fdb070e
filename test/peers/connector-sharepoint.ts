/**
 * The SharePoint/OneDrive connector's loopback source for the sync-engine tests: a site's document library on the
 * Graph stand-in (test/peers/graph-peer.ts). Items are Markdown and text files, some in a sub-folder so the delta's
 * folder entries are exercised; the listing is the delta feed, so a failure is a delta page answering 500.
 */
import type { ConnectorPeer } from '../support/connector-peer.js';
import { startGraphPeer } from './graph-peer.js';

const words = ['amber', 'birch', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'heron', 'indigo', 'juniper'];

/** Item i's path: even items in the library's root, odd ones under /Team Notes. */
const pathOf = (i: number) => (i % 2 === 0 ? `/item-${i}.md` : `/Team Notes/item-${i}.txt`);

export async function startSharePointConnectorPeer(): Promise<ConnectorPeer> {
  const graph = await startGraphPeer();
  // A word per digit keeps each phrase a distinct run of ordinary words for full-text and vector search alike.
  const spell = (i: number) => String(i).split('').map((d) => words[Number(d)]).join(' ');
  const phrase = (i: number) => `sharepoint library note ${spell(i)} quokka lantern`;
  const changedPhrase = (i: number) => `sharepoint revised memo ${spell(i)} walrus compass`;
  const body = (i: number, text: string) => (i % 2 === 0 ? `# Note ${i}\n\n${text}.\n` : `Note ${i}\n\n${text}.\n`);

  return {
    kind: 'sharepoint',
    config: { tenant_id: graph.tenantDomain, client_id: graph.clientId, site: `${graph.site.host}:${graph.site.path}` },
    credentials: { client_secret: graph.clientSecret },
    env: { CONNECTOR_ALLOW_PRIVATE_URLS: 'true', CONNECTOR_GRAPH_BASE_URL: graph.baseUrl, CONNECTOR_GRAPH_LOGIN_URL: graph.loginUrl },
    phrase,
    changedPhrase,
    async seed(n) {
      for (let i = 0; i < n; i++) graph.put(pathOf(i), body(i, phrase(i)));
    },
    async add(i) {
      graph.put(pathOf(i), body(i, phrase(i)));
    },
    async change(i) {
      graph.put(pathOf(i), body(i, changedPhrase(i)));
    },
    async remove(i) {
      graph.remove(pathOf(i));
    },
    failListingAfter(n) {
      graph.failDeltaAfter(n);
    },
    contentReads: () => graph.downloads.length,
    close: () => graph.close(),
  };
}

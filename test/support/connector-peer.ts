/**
 * A loopback source for one connector kind, driven by the sync-engine tests that every kind runs (first run, no-change
 * run, change/add/delete, a listing that fails half way, a restart mid-run). One implementation per kind, under
 * test/peers/connector-<kind>.ts.
 */
export interface ConnectorPeer {
  kind: string;
  /** The connector's `config` (and `credentials`) as POST /api/v1/connectors takes them. */
  config: Record<string, unknown>;
  credentials?: Record<string, unknown>;
  /** What the service needs in its environment to reach this peer (allowed hosts, folder roots). */
  env: Record<string, string>;
  /**
   * Item i's text contains `phrase(i)` (and, after change(i), `changedPhrase(i)` instead), so a search proves
   * which version is indexed. Items are text-bearing files of a supported format (HTML, Markdown, text, PDF…).
   */
  phrase(i: number): string;
  changedPhrase(i: number): string;
  /** Makes items 0..n-1 exist. */
  seed(n: number): Promise<void>;
  add(i: number): Promise<void>;
  change(i: number): Promise<void>;
  remove(i: number): Promise<void>;
  /** From now on the listing breaks (an HTTP 500, a dropped connection, an unreadable directory) after `n` items; null heals it. */
  failListingAfter(n: number | null): void;
  /** How many times item contents were read (GET of the object/page/file content), to prove a no-change run read nothing. */
  contentReads(): number;
  close(): Promise<void>;
}

/** Where a status sits in the pipeline; a batch stream only ever moves a document forward. */
export const STATUS_RANK: Record<string, number> = { pending: 0, parsing: 1, indexing: 2, indexed: 3, error: 3 };
export const isTerminal = (status: string) => status === 'indexed' || status === 'error';

export interface BatchCounts {
  batch_id: string;
  total: number;
  pending: number;
  parsing: number;
  indexing: number;
  indexed: number;
  errored: number;
  /** Every document of the batch is indexed or errored. */
  done: boolean;
}

export function toCounts(batchId: string, total: number, byStatus: Record<string, number>): BatchCounts {
  const n = (status: string) => byStatus[status] ?? 0;
  return {
    batch_id: batchId,
    total,
    pending: n('pending'),
    parsing: n('parsing'),
    indexing: n('indexing'),
    indexed: n('indexed'),
    errored: n('error'),
    done: n('pending') + n('parsing') + n('indexing') === 0,
  };
}

export function countStatuses(statuses: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const status of statuses) out[status] = (out[status] ?? 0) + 1;
  return out;
}

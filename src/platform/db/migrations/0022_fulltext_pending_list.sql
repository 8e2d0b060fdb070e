-- A small pending list for the full-text GIN index. New index entries wait in the index's pending list
-- (fastupdate) until it passes gin_pending_list_limit (4 MB by default) or a VACUUM merges them; every search of the
-- index reads the whole list. Ingestion fills it, and the vector catch-up (0020) writes every chunk a second time,
-- so between maintenance runs a search met up to ~500 pending pages: on the embedded database the full-text leg of
-- the retrieval evaluation's questions took 35 ms p50 instead of 10. At 256 kB (~31 pages) a search reads a
-- bounded few; entries are merged in smaller batches, which costs inserts more CPU (8 000 chunks' entries: ~0.65 s
-- instead of ~0.25 s on the PostgreSQL server here; docs/benchmarks.md, "Ingestion").
ALTER INDEX document_chunks_tsv SET (gin_pending_list_limit = 256);

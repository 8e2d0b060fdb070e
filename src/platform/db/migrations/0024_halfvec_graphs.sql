-- A graph for the embedding models of more than 2 000 dimensions. pgvector's HNSW index takes `vector`
-- of at most 2 000 dimensions, so 0002/0020 gave graphs to 384, 768, 1 024 and 1 536 only, and a tenant embedding
-- with text-embedding-3-large or gemini-embedding-001 (3 072), or another model of the catalog at 2 048 or 2 560,
-- had none: above the exact limit every vector leg computed the distance to every chunk of its filters, each
-- vector (12 kB at 3 072) read out of TOAST. `halfvec` (two bytes a dimension) is indexed up to 4 000 dimensions: the
-- graph holds each vector at half precision, the chunk keeps its own (search.repo.ts, graphCast; a leg's distances
-- on this graph are the half-precision ones). 4 096 and larger stay without a graph (compared exactly).
CREATE INDEX document_chunks_hnsw_2048 ON document_chunks USING hnsw ((embedding::halfvec(2048)) halfvec_cosine_ops) WHERE dimensions = 2048 AND NOT ann_pending;
CREATE INDEX document_chunks_hnsw_2560 ON document_chunks USING hnsw ((embedding::halfvec(2560)) halfvec_cosine_ops) WHERE dimensions = 2560 AND NOT ann_pending;
CREATE INDEX document_chunks_hnsw_3072 ON document_chunks USING hnsw ((embedding::halfvec(3072)) halfvec_cosine_ops) WHERE dimensions = 3072 AND NOT ann_pending;

-- A bulk-upload batch remembers how many of its files were refused at upload (they never became documents) and
-- when its last document reached indexed or error: the batch.completed event is written once, in the transaction
-- that finished the batch, and carries the rejected count.
ALTER TABLE upload_batches ADD COLUMN rejected integer NOT NULL DEFAULT 0;
ALTER TABLE upload_batches ADD COLUMN completed_at timestamptz;

-- Batches already finished before this migration are complete: a later reindex of one of their documents does
-- not announce them again.
UPDATE upload_batches b SET completed_at = now()
  WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.batch_id = b.id AND d.status NOT IN ('indexed', 'error'));

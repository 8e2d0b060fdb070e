-- Provider errors of background work (a document's description) name the document and the indexing job they
-- belong to, instead of only spelling them into request_id. No foreign keys: the error log
-- outlives the documents and jobs it mentions.
ALTER TABLE llm_errors ADD COLUMN document_id uuid;
ALTER TABLE llm_errors ADD COLUMN job_id uuid;
CREATE INDEX llm_errors_tenant_document ON llm_errors (tenant_id, document_id, created_at DESC) WHERE document_id IS NOT NULL;

-- Chat over memories: conversations, their messages, and feedback on answers. All tenant-owned.

-- A conversation belongs to the principal that started it: a user or an API key (owner_kind, owner_id; no foreign
-- key, so that a deleted key's conversations stay readable by the tenant's admins). memory_ids gathers the memories
-- its questions were asked over (the list filter).
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'api_key')),
  owner_id uuid NOT NULL,
  title text NOT NULL,
  memory_ids uuid[] NOT NULL DEFAULT '{}',
  message_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX conversations_owner ON conversations (tenant_id, owner_kind, owner_id, updated_at DESC, id);
CREATE INDEX conversations_tenant_updated ON conversations (tenant_id, updated_at DESC, id);
CREATE INDEX conversations_memory_ids ON conversations USING gin (memory_ids);

-- One question or answer. seq orders a conversation's messages (a question and its answer are written in one
-- transaction, so their timestamps alone cannot). citations is a snapshot (filename, snippet, page, section, score)
-- that outlives the cited chunk and document. status: complete, incomplete (the client left mid-answer) or error
-- (the provider failed mid-answer).
CREATE TABLE conversation_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  reply_to uuid REFERENCES conversation_messages(id) ON DELETE CASCADE,
  condensed_query text,
  citations jsonb NOT NULL DEFAULT '[]'::jsonb,
  model text,
  prompt_tokens integer,
  completion_tokens integer,
  cost_usd double precision,
  latency_ms integer,
  status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'incomplete', 'error')),
  error_code text,
  created_at timestamptz NOT NULL,
  UNIQUE (tenant_id, conversation_id, seq)
);
CREATE INDEX conversation_messages_tenant ON conversation_messages (tenant_id, conversation_id);
CREATE INDEX conversation_messages_reply_to ON conversation_messages (reply_to) WHERE reply_to IS NOT NULL;

-- One rating per answer and principal (a second one updates it). conversation_id is kept beside message_id for the
-- list filter; both cascade, so deleting a conversation removes its feedback.
CREATE TABLE message_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  message_id uuid NOT NULL REFERENCES conversation_messages(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  principal_kind text NOT NULL CHECK (principal_kind IN ('user', 'api_key')),
  principal_id uuid NOT NULL,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  comment text,
  tags text[] NOT NULL DEFAULT '{}',
  model text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT message_feedback_one_per_principal UNIQUE (tenant_id, message_id, principal_kind, principal_id)
);
CREATE INDEX message_feedback_tenant_updated ON message_feedback (tenant_id, updated_at DESC, id);
CREATE INDEX message_feedback_conversation ON message_feedback (tenant_id, conversation_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['conversations', 'conversation_messages', 'message_feedback'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- Model-written document descriptions become an explicit choice of the indexing profile, off by default:
-- describing sends the beginning of every document to the tenant's chat provider.
ALTER TABLE indexing_profiles ADD COLUMN ai_descriptions boolean NOT NULL DEFAULT false;

-- The audit trail names who acted and on what (an e-mail, a key's or a provider's name) as it was when the event
-- was written: the console shows them, and a deleted user, key or client keeps its name in the trail.
ALTER TABLE audit_events ADD COLUMN actor_name text;
ALTER TABLE audit_events ADD COLUMN target_name text;

-- Events written before this migration: name the actors and user targets that still exist.
UPDATE audit_events e SET actor_name = u.email FROM users u
  WHERE e.actor_kind IN ('user', 'anonymous') AND u.id = e.actor_id AND u.tenant_id = e.tenant_id;
UPDATE audit_events e SET actor_name = k.name FROM api_keys k
  WHERE e.actor_kind = 'api_key' AND k.id = e.actor_id AND k.tenant_id = e.tenant_id;
UPDATE audit_events e SET target_name = u.email FROM users u
  WHERE (e.type LIKE 'user.%' OR e.type LIKE 'auth.%' OR e.type IN ('sso.identity_linked', 'sso.sign_in'))
    AND e.type NOT IN ('user.invited', 'user.invitation_revoked', 'user.invitation_accepted')
    AND u.id = e.target_id AND u.tenant_id = e.tenant_id;
UPDATE audit_events e SET target_name = e.details->>'email'
  WHERE e.target_name IS NULL AND e.type IN ('user.invited', 'user.invitation_revoked', 'user.invitation_accepted', 'user.deleted');

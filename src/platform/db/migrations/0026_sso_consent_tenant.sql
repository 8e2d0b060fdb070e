-- The IdP tenant an admin consent was started for. Entra ID's admin-consent answer is a plain redirect
-- (admin_consent=True&tenant=…&state=…), nothing in it signed: a tenant taken from it as it comes lets whoever holds
-- the state point the provider at a directory they control. The consent is now started for a named tenant (the
-- consent URL is that tenant's own endpoint, where only its administrators can consent) and the callback records
-- the answer only when its tenant is this one (modules/sso/admin-consent.service.ts). Null: sign-in states, and
-- consents of providers that do not link accounts by e-mail started without naming a tenant.
ALTER TABLE sso_states ADD COLUMN idp_tenant text;

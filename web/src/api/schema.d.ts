// Generated from /openapi.json by `npm run web:client`. Do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where to start: links to the API documentation and the probes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The administration console (says how to build it when it is not built) */
                            console: string;
                            /** @description Interactive API documentation */
                            docs: string;
                            /** @description Liveness probe */
                            health: string;
                            name: string;
                            /** @description The OpenAPI 3.1 document */
                            openapi: string;
                            /** @description Readiness probe */
                            ready: string;
                            version: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The public keys that sign ID tokens (JWKS) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: ({
                                alg: string;
                                kid: string;
                                kty: string;
                                use: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414): S256 only, iss in responses (RFC 9207) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_endpoint: string;
                            authorization_response_iss_parameter_supported: boolean;
                            claims_supported: string[];
                            code_challenge_methods_supported: string[];
                            end_session_endpoint: string;
                            grant_types_supported: string[];
                            id_token_signing_alg_values_supported: string[];
                            issuer: string;
                            jwks_uri: string;
                            request_parameter_supported: boolean;
                            request_uri_parameter_supported: boolean;
                            response_modes_supported: string[];
                            response_types_supported: string[];
                            revocation_endpoint: string;
                            revocation_endpoint_auth_methods_supported: string[];
                            scopes_supported: string[];
                            subject_types_supported: string[];
                            token_endpoint: string;
                            token_endpoint_auth_methods_supported: string[];
                            userinfo_endpoint: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect discovery document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_endpoint: string;
                            authorization_response_iss_parameter_supported: boolean;
                            claims_supported: string[];
                            code_challenge_methods_supported: string[];
                            end_session_endpoint: string;
                            grant_types_supported: string[];
                            id_token_signing_alg_values_supported: string[];
                            issuer: string;
                            jwks_uri: string;
                            request_parameter_supported: boolean;
                            request_uri_parameter_supported: boolean;
                            response_modes_supported: string[];
                            response_types_supported: string[];
                            revocation_endpoint: string;
                            revocation_endpoint_auth_methods_supported: string[];
                            scopes_supported: string[];
                            subject_types_supported: string[];
                            token_endpoint: string;
                            token_endpoint_auth_methods_supported: string[];
                            userinfo_endpoint: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/accept-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: creates the account and signs it in
         * @description The role and e-mail are the ones the inviter chose (other fields in the body are ignored); the password policy applies (422). An unknown, used, revoked or expired token is the same 404 `invalid_invitation`; it spends the per-IP failed-attempt budget (429). In a tenant that enforces SSO the account is created but only an owner is signed in: anyone else gets 403 `sso_required` (no tokens), naming the SSO routes through which the new account then signs in.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        password: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                            user: {
                                created_at: string;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                last_login_at: string | null;
                                name: string;
                                role: string;
                                status: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization endpoint (OAuth 2.0 code flow with PKCE): answers 200 JSON, never redirects
         * @description Authenticated by the `service_session` cookie or by a user's own access token (`Authorization: Bearer`); `user_id` and `tenant_id` never authenticate. An unknown `client_id`, or a `redirect_uri` not exactly equal to a registered one, is a 400 `{error, error_description}`. Otherwise always 200: `{"status": "ok", "redirect_to", "code", "state", "expires_in"}` (the code lives 60 s), `{"status": "error", "redirect_to"}` (unsupported response_type, unknown scope, PKCE missing for a public client, `plain`), `{"status": "login_required", "login_url"}` (no session, `user_id`/`tenant_id` of someone else, a tenant-owned client and a user of another tenant), or `{"status": "consent_required", "client", "scopes"}` (a third-party client the user has not yet allowed: `POST /api/auth/authorize/consent`). Redirects carry `iss` (RFC 9207).
         */
        get: {
            parameters: {
                query: {
                    /** @description The client application id */
                    client_id: string;
                    /** @description PKCE challenge: base64url(SHA-256(code_verifier)), 43 characters; required of public clients */
                    code_challenge?: string;
                    /** @description PKCE method: S256 (plain is refused) */
                    code_challenge_method?: string;
                    /** @description OpenID Connect: echoed in the ID token */
                    nonce?: string;
                    /** @description Callback URL: exactly one of the URIs the client registered */
                    redirect_uri: string;
                    /** @description Must be `code` (the default) */
                    response_type?: string;
                    /** @description Space-separated scopes; default `openid profile email` */
                    scope?: string;
                    /** @description Echoed in the redirect: the client's CSRF protection */
                    state?: string;
                    /** @description Set after login: must be the signed-in user's tenant (id or slug), else `login_required` */
                    tenant_id?: string;
                    /** @description Set after login: must be the signed-in user, else `login_required`; never authenticates */
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Always 200: the login page follows `redirect_to` itself (this endpoint never redirects) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            /** @description Seconds the code stays redeemable */
                            expires_in: number;
                            /** @description `redirect_uri?code=…&state=…&iss=…`: send the browser there */
                            redirect_to: string;
                            state: string | null;
                            /** @enum {string} */
                            status: "ok";
                        } | {
                            /** @description `redirect_uri?error=…&error_description=…&state=…&iss=…` */
                            redirect_to: string;
                            /** @enum {string} */
                            status: "error";
                        } | {
                            /** @description Our login page, returning here afterwards */
                            login_url?: string;
                            /** @enum {string} */
                            status: "login_required";
                        } | {
                            client: {
                                client_id: string;
                                logo_url: string | null;
                                name: string;
                            };
                            scopes: string[];
                            /** @enum {string} */
                            status: "consent_required";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authorize/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant a third-party client the requested scopes, then answer as the authorization endpoint
         * @description The body is the authorization request (the query of `GET /api/auth/authorize`) plus `approve` (default true). The consent is recorded for the signed-in user (cookie or own bearer), and the answer is the authorization endpoint's (`status: "ok"` with a code). `approve: false` answers an `access_denied` error redirect. A cookie-authenticated call from another origin is 403 `cross_origin_refused`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description false denies: the answer is an `access_denied` error redirect. Default true */
                        approve?: boolean;
                        /** @description The client application id */
                        client_id: string;
                        /** @description PKCE challenge: base64url(SHA-256(code_verifier)), 43 characters; required of public clients */
                        code_challenge?: string;
                        /** @description PKCE method: S256 (plain is refused) */
                        code_challenge_method?: string;
                        /** @description OpenID Connect: echoed in the ID token */
                        nonce?: string;
                        /** @description Callback URL: exactly one of the URIs the client registered */
                        redirect_uri: string;
                        /** @description Must be `code` (the default) */
                        response_type?: string;
                        /** @description Space-separated scopes; default `openid profile email` */
                        scope?: string;
                        /** @description Echoed in the redirect: the client's CSRF protection */
                        state?: string;
                        /** @description Set after login: must be the signed-in user's tenant (id or slug), else `login_required` */
                        tenant_id?: string;
                        /** @description Set after login: must be the signed-in user, else `login_required`; never authenticates */
                        user_id?: string;
                    };
                };
            };
            responses: {
                /** @description Always 200: the login page follows `redirect_to` itself (this endpoint never redirects) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            /** @description Seconds the code stays redeemable */
                            expires_in: number;
                            /** @description `redirect_uri?code=…&state=…&iss=…`: send the browser there */
                            redirect_to: string;
                            state: string | null;
                            /** @enum {string} */
                            status: "ok";
                        } | {
                            /** @description `redirect_uri?error=…&error_description=…&state=…&iss=…` */
                            redirect_to: string;
                            /** @enum {string} */
                            status: "error";
                        } | {
                            /** @description Our login page, returning here afterwards */
                            login_url?: string;
                            /** @enum {string} */
                            status: "login_required";
                        } | {
                            client: {
                                client_id: string;
                                logo_url: string | null;
                                name: string;
                            };
                            scopes: string[];
                            /** @enum {string} */
                            status: "consent_required";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform-wide OAuth clients, for the login page (never secrets or redirect URIs) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                client_id: string;
                                first_party: boolean;
                                logo_url: string | null;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/electron/request-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sign-in code by e-mail (desktop app)
         * @description Sends a 6-digit sign-in code, valid 10 minutes (LOGIN_CODE_TTL_SEC), to the address when it is an active account of the tenant. The answer is the same 200 for unknown tenants, unknown or disabled accounts, and a request inside the 60 s resend cooldown (then nothing is sent). A new code ends the older ones. Budgets per address and per client IP apply (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            /** @description Seconds a code sent now stays valid */
                            expires_in: number;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/electron/verify-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an e-mailed code (desktop app)
         * @description Exchanges the code for the token pair of login. A wrong, expired, used, replaced or unknown code is the same 401 `invalid_code`; the fifth wrong try burns the code. Failures spend the failed-login budgets per client IP and per account (429). `device_name`, when given, is recorded on the refresh-token family.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The 6 digits of the mail */
                        code: string;
                        /** @description Recorded on the refresh-token family of this sign-in */
                        device_name?: string;
                        email: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation is for (tenant, e-mail, role, inviter)
         * @description An unknown, used, revoked or expired token is the same 404 `invalid_invitation`.
         */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            expires_at: string;
                            inviter_name: string;
                            role: string;
                            /** Format: uuid */
                            tenant_id: string;
                            tenant_name: string;
                            tenant_slug: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email, password and tenant
         * @description In a tenant that enforces SSO, everyone but owners is refused after the password was checked: 403 `sso_required`, naming the SSO routes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign out (RP-initiated logout): ends the session and its grants; redirect_to only for a registered post-logout URI
         * @description Reads the `service_session` cookie. `redirect_to` is `redirect_uri` (alias `post_logout_redirect_uri`, with `state` appended) when it is one of `client_id`'s registered post-logout URIs, else null. A request from another origin (or a cross-site navigation) is 403 `cross_origin_refused`.
         */
        get: {
            parameters: {
                query?: {
                    client_id?: string;
                    /** @description OpenID Connect name of redirect_uri */
                    post_logout_redirect_uri?: string;
                    /** @description Where to go after sign-out: honoured only when it is one of the client's registered post-logout URIs */
                    redirect_uri?: string;
                    /** @description Appended to the redirect */
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            redirect_to: string | null;
                            signed_out: boolean;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            email: string;
                            id: string;
                            last_login_at: string | null;
                            name: string;
                            permissions: string[];
                            role: string;
                            status: string;
                            tenant_id: string;
                            tenant_name: string;
                            tenant_slug: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename yourself */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            email: string;
                            id: string;
                            last_login_at: string | null;
                            name: string;
                            permissions: string[];
                            role: string;
                            status: string;
                            tenant_id: string;
                            tenant_name: string;
                            tenant_slug: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/auth/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description The current password must be right (400 `wrong_password`) and the new one must pass the password policy (422). Every refresh token of the user is revoked; the answer is a fresh token pair for this device.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        /** @description The password policy applies (docs/permissions.md) */
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/otp/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sign-in code by e-mail (web)
         * @description Sends a 6-digit sign-in code, valid 10 minutes (LOGIN_CODE_TTL_SEC), to the address when it is an active account of the tenant. The answer is the same 200 for unknown tenants, unknown or disabled accounts, and a request inside the 60 s resend cooldown (then nothing is sent). A new code ends the older ones. Budgets per address and per client IP apply (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                            /** @description Seconds a code sent now stays valid */
                            expires_in: number;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an e-mailed code (web)
         * @description Exchanges the code for the token pair of login. A wrong, expired, used, replaced or unknown code is the same 401 `invalid_code`; the fifth wrong try burns the code. Failures spend the failed-login budgets per client IP and per account (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The 6 digits of the mail */
                        code: string;
                        email: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link
         * @description Sets the password (the password policy applies: 422, the link stays usable), signs every device of the user out (all refresh tokens revoked), does not sign in, and mails a notice to the account. A malformed, unknown, used, replaced or expired token is the same 400 `invalid_reset_token`; failures spend the per-IP failed-attempt budget (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The password policy applies (docs/permissions.md) */
                        new_password: string;
                        /** @description The token of the reset link */
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password-reset link
         * @description Mails `PUBLIC_BASE_URL/reset-password?token=…`, valid 30 minutes (PASSWORD_RESET_TTL_SEC) and once, when the address is an active account of the tenant; a newer link ends the older ones. The answer is the same 200 for every address and tenant. Budgets per address and per client IP apply (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description Tenant UUID or its slug (customer-space identifier) */
                        tenant_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new token pair (rotation)
         * @description In a tenant that enforces SSO, a token family that no SSO sign-in started (a password, code or invitation sign-in from before) no longer rotates for anyone but owners: 403 `sso_required`, naming the SSO routes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refresh_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a refresh or access token (RFC 7009): its whole grant ends
         * @description Client authentication as at the token endpoint. Always 200 for a token that is unknown, invalid, already revoked or another client's (nothing is revoked then); `invalid_client` (401) when the client does not authenticate. JSON or form body.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id?: string;
                        client_secret?: string;
                        token: string;
                        token_type_hint?: string;
                    };
                    "application/x-www-form-urlencoded": {
                        client_id?: string;
                        client_secret?: string;
                        token: string;
                        token_type_hint?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether the browser is signed in (never 401)
         * @description Reads the `service_session` cookie. With `client_id`, `authenticated` is true only when that OAuth client may serve the user. A request from a page of another origin (its `Origin` is not one of ours) is refused with 403 `cross_origin_refused`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Answer for this OAuth client: authenticated only when it may serve the user */
                        client_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authenticated: boolean;
                            /** Format: date-time */
                            expires_at?: string;
                            tenant?: {
                                id: string;
                                name: string;
                                slug: string;
                            };
                            user?: {
                                email: string;
                                id: string;
                                name: string;
                                role: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn your access token into a browser session (sets the service_session cookie)
         * @description The body carries a user's own access token (not an API key, not a token issued to an OAuth client). The answer sets `service_session`: an opaque random id (stored hashed), HttpOnly, SameSite=Lax, Path=/, Secure on https. A session cookie already present is ended and replaced (rotation). In a tenant that enforces SSO, a token that no SSO sign-in issued becomes a session for owners only: 403 `sso_required` for anyone else. A request from a page of another origin (its `Origin` is not one of ours) is refused with 403 `cross_origin_refused`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The user's own access token (from login, a sign-in code or SSO) */
                        access_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description When the session ends unless used: the earlier of the idle and the absolute expiry
                             */
                            expires_at: string;
                            tenant: {
                                id: string;
                                name: string;
                                slug: string;
                            };
                            user: {
                                email: string;
                                id: string;
                                name: string;
                                role: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/destroy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign the browser out: ends the session and clears the cookie
         * @description A request from a page of another origin (its `Origin` is not one of ours) is refused with 403 `cross_origin_refused`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Whether a live session was ended (the cookie is cleared either way) */
                            signed_out: boolean;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/silent-authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize without interaction (prompt=none): a code from the session, or login_required / consent_required
         * @description Reads only the `service_session` cookie. Answers as the authorization endpoint, except that without a session it is `{"status": "login_required"}` (no login page) and a missing consent is `consent_required`. A call from another origin is 403 `cross_origin_refused`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The client application id */
                        client_id: string;
                        /** @description PKCE challenge (S256) */
                        code_challenge: string;
                        /** @description S256 */
                        code_challenge_method: string;
                        /** @description OpenID Connect: echoed in the ID token */
                        nonce?: string;
                        /** @description Callback URL: exactly one of the URIs the client registered */
                        redirect_uri: string;
                        /** @description Space-separated scopes; default `openid profile email` */
                        scope?: string;
                        /** @description Echoed in the redirect: the client's CSRF protection */
                        state?: string;
                    };
                };
            };
            responses: {
                /** @description Always 200: the login page follows `redirect_to` itself (this endpoint never redirects) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            /** @description Seconds the code stays redeemable */
                            expires_in: number;
                            /** @description `redirect_uri?code=…&state=…&iss=…`: send the browser there */
                            redirect_to: string;
                            state: string | null;
                            /** @enum {string} */
                            status: "ok";
                        } | {
                            /** @description `redirect_uri?error=…&error_description=…&state=…&iss=…` */
                            redirect_to: string;
                            /** @enum {string} */
                            status: "error";
                        } | {
                            /** @description Our login page, returning here afterwards */
                            login_url?: string;
                            /** @enum {string} */
                            status: "login_required";
                        } | {
                            client: {
                                client_id: string;
                                logo_url: string | null;
                                name: string;
                            };
                            scopes: string[];
                            /** @enum {string} */
                            status: "consent_required";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/idp/admin-consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start an IdP admin's consent for the whole IdP tenant (multi-tenant IdPs such as Entra ID)
         * @description Answers the consent URL for an admin of the IdP tenant. Providers of other IdPs need `admin_consent_url` (400 `sso_admin_consent_unsupported`). `idp_tenant` names the IdP tenant (default: the one recorded): the Entra consent URL is then that tenant's own, and the callback records only an answer naming it. For a provider that links existing accounts by e-mail the consent is for owners only (403 `owner_required`, API keys included) and names the tenant (422 without one).
         */
        get: {
            parameters: {
                query: {
                    /** @description The IdP tenant to consent for, as the IdP answers it (Entra ID: the directory's tenant id). Required for a provider that links existing accounts by e-mail unless one is recorded; defaults to the recorded one. */
                    idp_tenant?: string;
                    provider_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            consent_url: string;
                            /** @description The IdP tenant the callback must name, or null when any may answer */
                            idp_tenant: string | null;
                            state: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/idp/admin-consent/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Record the IdP's admin consent
         * @description The IdP's answer (`state`, `admin_consent`, `tenant`, or `error`). A granted consent records the IdP tenant on the provider; a refused one answers `granted: false`. The answer is not signed, so its `tenant` must be the one the consent was started for (400 `sso_admin_consent_tenant_mismatch`, nothing recorded); a provider that links existing accounts by e-mail records only a consent an owner started (403 `owner_required`). A changed IdP tenant ends the links made through the provider.
         */
        get: {
            parameters: {
                query: {
                    admin_consent?: string;
                    error?: string;
                    error_description?: string;
                    state: string;
                    tenant?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error?: string;
                            granted: boolean;
                            idp_tenant: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/idp/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a sign-in at an identity provider
         * @description Answers the IdP URL to send the browser to. PKCE verifier, state and nonce are kept server-side for 10 minutes, single use. Sets the `sso_binding` cookie (HttpOnly, path /api/auth/sso/idp, 10 minutes): the callback starts the session cookie only for the browser that brings it back. `redirect_uri` must equal PUBLIC_BASE_URL/api/auth/sso/idp/callback, the console's PUBLIC_BASE_URL/admin/sso/callback, or a URL in SSO_REDIRECT_URIS; `next_url` must be a path on this site or a URL on a first-party origin.
         */
        get: {
            parameters: {
                query: {
                    /** @description A path on this site or a URL on a first-party origin; "/" when absent */
                    next_url?: string;
                    provider_id: string;
                    /** @description PUBLIC_BASE_URL/api/auth/sso/idp/callback, the console's PUBLIC_BASE_URL/admin/sso/callback, or a URL registered in SSO_REDIRECT_URIS (exact match) */
                    redirect_uri: string;
                    /** @description Tenant id or slug */
                    tenant_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Send the browser here */
                            authorization_url: string;
                            /** @description Single use, 10 minutes */
                            state: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/idp/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish a sign-in with the identity provider's answer
         * @description Pass on the query the IdP sent to the redirect URI (`state`, `code` or `error`, and `iss`). The state is spent at once (single use). openid-client checks state, PKCE, the ID token's signature, issuer, audience, expiry and nonce. The person is found by (issuer, sub); else linked by verified e-mail when the provider allows it; else created just in time when allowed. Answers the login token pair; when the request carries the `sso_binding` cookie that authorize set, it also sets the `service_session` cookie (a browser that did not start the sign-in is never signed in by cookie).
         */
        get: {
            parameters: {
                query: {
                    code?: string;
                    error?: string;
                    error_description?: string;
                    /** @description RFC 9207: forward it as the IdP sent it */
                    iss?: string;
                    state: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            next_url: string;
                            refresh_token: string;
                            token_type: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/platform-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the caller's tenant signs in through SSO */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description At least one enabled provider */
                            enabled: boolean;
                            /** @description Password and code sign-in refused to everyone but owners */
                            enforced: boolean;
                            /** @description Enabled providers */
                            providers: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's SSO providers, whole (never the client secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                admin_consent_url: string | null;
                                allowed_email_domains: string[];
                                client_id: string;
                                /** @description The secret's last characters; the secret itself is never returned */
                                client_secret_hint: string;
                                client_secret_set: boolean;
                                /** Format: date-time */
                                created_at: string;
                                enabled: boolean;
                                /** @description The IdP tenant recorded by an admin consent */
                                idp_tenant: string | null;
                                issuer: string;
                                jit: {
                                    default_role: "admin" | "member" | "viewer";
                                    enabled: boolean;
                                };
                                link_existing_by_email: boolean;
                                name: string;
                                /** Format: uuid */
                                provider_id: string;
                                /** @description Our callback URL, to register at the IdP */
                                redirect_uri: string;
                                scopes: string[];
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create or replace an SSO provider
         * @description The SPEC declares no bearer for this route; this service requires the bearer of an admin of the tenant (a user with the admin or owner role, or an `admin`-scoped API key). Without `provider_id` a provider is created (`client_secret` required); with it, that provider is replaced by the body (an omitted `client_secret` keeps the stored one). The issuer passes the same address policy as provider base URLs (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS) and must be https unless SSO_ALLOW_HTTP_ISSUERS. Creating, changing or turning on a provider with `link_existing_by_email` is for owners only (403 `owner_required`). `tenant_id` in the query must name the caller's tenant (id or slug), else 404 `tenant_not_found`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description When given, must be the caller's tenant (id or slug), else 404 */
                    tenant_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        admin_consent_url?: string | null;
                        /**
                         * @description Domains whose people may be created just in time
                         * @default []
                         */
                        allowed_email_domains?: string[];
                        client_id: string;
                        /** @description Write-only; required when creating, kept when omitted on update */
                        client_secret?: string;
                        /** @default true */
                        enabled?: boolean;
                        /** @description The IdP's issuer identifier (https; discovery at issuer + /.well-known/openid-configuration). May hold "{tenantid}", completed by an admin consent. */
                        issuer: string;
                        /**
                         * @description Just-in-time creation of users that sign in for the first time
                         * @default {
                         *       "enabled": false
                         *     }
                         */
                        jit?: {
                            default_role?: "admin" | "member" | "viewer";
                            /** @default false */
                            enabled?: boolean;
                        };
                        /**
                         * @description Sign an existing user in when the IdP vouches (email_verified) for their e-mail; owner only
                         * @default false
                         */
                        link_existing_by_email?: boolean;
                        /** @description Shown on the login page */
                        name: string;
                        /**
                         * Format: uuid
                         * @description Given: update this provider (404 when it is not one of the tenant's). Absent: create one.
                         */
                        provider_id?: string;
                        /**
                         * @description Must include openid
                         * @default [
                         *       "openid",
                         *       "email",
                         *       "profile"
                         *     ]
                         */
                        scopes?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            admin_consent_url: string | null;
                            allowed_email_domains: string[];
                            client_id: string;
                            /** @description The secret's last characters; the secret itself is never returned */
                            client_secret_hint: string;
                            client_secret_set: boolean;
                            /** Format: date-time */
                            created_at: string;
                            enabled: boolean;
                            /** @description The IdP tenant recorded by an admin consent */
                            idp_tenant: string | null;
                            issuer: string;
                            jit: {
                                default_role: "admin" | "member" | "viewer";
                                enabled: boolean;
                            };
                            link_existing_by_email: boolean;
                            name: string;
                            /** Format: uuid */
                            provider_id: string;
                            /** @description Our callback URL, to register at the IdP */
                            redirect_uri: string;
                            scopes: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/providers/{provider_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an SSO provider
         * @description The SPEC declares no bearer for this route; this service requires the bearer of an admin of the tenant (a user with the admin or owner role, or an `admin`-scoped API key). Its pending sign-ins end with it; links of users to the issuer stay (they only work through a provider of that issuer). `tenant_id` in the query must name the caller's tenant (id or slug), else 404 `tenant_not_found`.
         */
        delete: {
            parameters: {
                query: {
                    /** @description Must be the caller's tenant (id or slug), else 404 */
                    tenant_id: string;
                };
                header?: never;
                path: {
                    provider_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: boolean;
                            /** Format: uuid */
                            provider_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/providers/{provider_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try a provider: discovery and the IdP's keys
         * @description The SPEC declares no bearer for this route; this service requires the bearer of an admin of the tenant (a user with the admin or owner role, or an `admin`-scoped API key). Runs discovery and fetches the JWKS through the guarded client; IdP problems are reported in `errors` with `ok: false`, not as an HTTP error. `tenant_id` in the query must name the caller's tenant (id or slug), else 404 `tenant_not_found`.
         */
        post: {
            parameters: {
                query: {
                    /** @description Must be the caller's tenant (id or slug), else 404 */
                    tenant_id: string;
                };
                header?: never;
                path: {
                    provider_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_endpoint: string | null;
                            errors: string[];
                            issuer: string | null;
                            ok: boolean;
                            token_endpoint: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/providers/{tenant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tenant's enabled SSO providers, for its login page
         * @description Only `provider_id` and `name` of enabled providers. An unknown tenant has none (the answer does not tell tenants apart).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Tenant id or slug */
                    tenant_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            providers: {
                                name: string;
                                /** Format: uuid */
                                provider_id: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Require SSO for the tenant (or not)
         * @description With `enforced: true`, password and code sign-in are refused to everyone but owners (403 `sso_required`, naming the SSO routes); signed-in sessions continue until their tokens end. Needs an enabled provider (409 `sso_not_configured`).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enforced: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description At least one enabled provider */
                            enabled: boolean;
                            /** @description Password and code sign-in refused to everyone but owners */
                            enforced: boolean;
                            /** @description Enabled providers */
                            providers: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/test-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try an issuer before saving a provider
         * @description The SPEC declares no bearer for this route; this service requires the bearer of an admin of the tenant (a user with the admin or owner role, or an `admin`-scoped API key). As the provider test, for an issuer not saved yet. `tenant_id` in the query must name the caller's tenant (id or slug), else 404 `tenant_not_found`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description When given, must be the caller's tenant (id or slug), else 404 */
                    tenant_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Not needed for discovery; accepted for symmetry with the provider */
                        client_id?: string;
                        /** @description The issuer to try */
                        issuer: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            authorization_endpoint: string | null;
                            errors: string[];
                            issuer: string | null;
                            ok: boolean;
                            token_endpoint: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint: authorization_code (PKCE S256) and refresh_token grants; JSON or form body
         * @description Accepts `application/json` and `application/x-www-form-urlencoded`. Confidential clients authenticate with `client_secret_basic` (HTTP Basic) or `client_secret_post` (`client_secret` in the body); public clients send `client_id` and prove PKCE. A code is single use and lives 60 s; a second redemption revokes every token issued from it. Refresh tokens rotate at every use; a used one presented again within 30 s answers the same successor (parallel tabs), later it revokes the whole grant. Errors are RFC 6749 §5.2 JSON: `invalid_request`, `invalid_client` (401), `invalid_grant`, `unsupported_grant_type`, `invalid_scope`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        client_id?: string;
                        /** @description client_secret_post (or send HTTP Basic: client_secret_basic) */
                        client_secret?: string;
                        code?: string;
                        /** @description PKCE verifier: required when a challenge was sent, refused when none was */
                        code_verifier?: string;
                        /** @description `authorization_code` or `refresh_token` */
                        grant_type: string;
                        /** @description authorization_code: the redirect_uri of the authorization request */
                        redirect_uri?: string;
                        refresh_token?: string;
                        /** @description refresh_token: a subset of the granted scopes for the new access token */
                        scope?: string;
                    };
                    "application/x-www-form-urlencoded": {
                        client_id?: string;
                        /** @description client_secret_post (or send HTTP Basic: client_secret_basic) */
                        client_secret?: string;
                        code?: string;
                        /** @description PKCE verifier: required when a challenge was sent, refused when none was */
                        code_verifier?: string;
                        /** @description `authorization_code` or `refresh_token` */
                        grant_type: string;
                        /** @description authorization_code: the redirect_uri of the authorization request */
                        redirect_uri?: string;
                        refresh_token?: string;
                        /** @description refresh_token: a subset of the granted scopes for the new access token */
                        scope?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            /** @description With scope openid, on the authorization_code grant */
                            id_token?: string;
                            refresh_token: string;
                            scope: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                            error_description?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new token pair (rotation)
         * @description In a tenant that enforces SSO, a token family that no SSO sign-in started (a password, code or invitation sign-in from before) no longer rotates for anyone but owners: 403 `sso_required`, naming the SSO routes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refresh_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            expires_in: number;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "bearer";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID Connect userinfo: the signed-in user, as far as the granted scopes allow
         * @description `sub` and `tenant_id` always; `email` with scope email, `name` with scope profile. A token issued to a client without `openid` is 403 `insufficient_scope`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email?: string;
                            name?: string;
                            sub: string;
                            tenant_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate the presented bearer (JWT or API key) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            api_key_id: string | null;
                            expires_at: string | null;
                            kind: string;
                            role: string | null;
                            scopes: string[];
                            tenant_id: string;
                            user_id: string | null;
                            valid: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (masked) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                created_at: string;
                                expires_at: string | null;
                                /** Format: uuid */
                                id: string;
                                last_used_at: string | null;
                                masked_key: string;
                                name: string;
                                prefix: string;
                                scopes: string[];
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an API key (the key is shown once) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        expires_at?: string | null;
                        name: string;
                        scopes: ("admin" | "*" | "documents:read" | "documents:ingest" | "knowledge_bases:read" | "knowledge_bases:write" | "chat:query" | "connectors:read" | "connectors:sync" | "feedback:read" | "feedback:write" | "llm:read" | "events:read")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The secret key, shown this once */
                            key: string;
                            name: string;
                            prefix: string;
                            scopes: string[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One API key (masked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            last_used_at: string | null;
                            masked_key: string;
                            name: string;
                            prefix: string;
                            scopes: string[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an API key; it stops working at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-assets/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files, newest first
         * @description App access tokens are accepted when the installation was granted `app_assets:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Users and API keys: only this installation's files (all of the tenant's otherwise) */
                    installation_id?: string;
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                attachments: {
                                    collection?: string;
                                    /** Format: uuid */
                                    record_id?: string;
                                    /** Format: uuid */
                                    rich_document_id?: string;
                                }[];
                                /** Format: date-time */
                                created_at: string;
                                created_by: string | null;
                                /** @description The Content-Type the client sent with the file */
                                declared_type: string | null;
                                filename: string;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                /** @description What the bytes are (magic numbers), whatever the client declared */
                                mime_type: string;
                                sha256: string;
                                size_bytes: number;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload a file (multipart `file`)
         * @description Limits are the manifest's `assets`: a file over `max_file_bytes` is 413 `app_asset_too_large`, the installation's files over `max_total_bytes` 413 `app_asset_storage_quota`, a type not among `allowed_mime_types` 415 `app_asset_type_not_allowed`: the type is read from the bytes (magic numbers), not taken from the name or the declared Content-Type. An app that declared no `assets` gets 404 `app_assets_disabled`. Users and API keys name the installation with `?installation_id=`.
         *
         *     App access tokens are accepted when the installation was granted `app_assets:write` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: {
                    /** @description The installation the file belongs to. Required of users and API keys; an app token uses its own. */
                    installation_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The file: at most the manifest's max_file_bytes, of a type among its allowed_mime_types (judged on the bytes)
                         */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attachments: {
                                collection?: string;
                                /** Format: uuid */
                                record_id?: string;
                                /** Format: uuid */
                                rich_document_id?: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** @description The Content-Type the client sent with the file */
                            declared_type: string | null;
                            filename: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** @description What the bytes are (magic numbers), whatever the client declared */
                            mime_type: string;
                            sha256: string;
                            size_bytes: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-assets/{asset_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file's metadata and attachments
         * @description App access tokens are accepted when the installation was granted `app_assets:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    asset_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attachments: {
                                collection?: string;
                                /** Format: uuid */
                                record_id?: string;
                                /** Format: uuid */
                                rich_document_id?: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** @description The Content-Type the client sent with the file */
                            declared_type: string | null;
                            filename: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** @description What the bytes are (magic numbers), whatever the client declared */
                            mime_type: string;
                            sha256: string;
                            size_bytes: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a file (and its attachments)
         * @description App access tokens are accepted when the installation was granted `app_assets:write` (CORS for the app's origin).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    asset_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-assets/{asset_id}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach the file to a record or a rich document of the same installation
         * @description The record or document then lists the file in its `asset_ids`. Attaching twice changes nothing.
         *
         *     App access tokens are accepted when the installation was granted `app_assets:write` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    asset_id: string;
                };
                cookie?: never;
            };
            /** @description Either {collection, record_id} (a record of the same installation) or {rich_document_id} */
            requestBody: {
                content: {
                    "application/json": {
                        collection?: string;
                        /** Format: uuid */
                        record_id?: string;
                        /** Format: uuid */
                        rich_document_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attachments: {
                                collection?: string;
                                /** Format: uuid */
                                record_id?: string;
                                /** Format: uuid */
                                rich_document_id?: string;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** @description The Content-Type the client sent with the file */
                            declared_type: string | null;
                            filename: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** @description What the bytes are (magic numbers), whatever the client declared */
                            mime_type: string;
                            sha256: string;
                            size_bytes: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-assets/{asset_id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file's bytes (always an attachment; nosniff; sandboxed by CSP)
         * @description App access tokens are accepted when the installation was granted `app_assets:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    asset_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file bytes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-data/{collection}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List records of a collection
         * @description Equality filters `filter[field]=value` on the collection's declared indexes only (the value is read as the field's type: `true`, `42`, text); sort by `created_at` (default), `updated_at` or a declared index, `order` asc (default) or desc. Users and API keys with `admin` may call it too, naming the installation with `installation_id`.
         *
         *     App access tokens are accepted when the installation was granted `app_data:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The installation whose data to use. Required of users and API keys (tenant admins); an app token uses its own and needs none. */
                    installation_id?: string;
                    limit?: number;
                    order?: "asc" | "desc";
                    skip?: number;
                    /** @description `created_at`, `updated_at`, or one of the collection's declared indexes */
                    sort?: string;
                };
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                                asset_ids: string[];
                                collection: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it (an app acts for its user); null for an API key */
                                created_by: string | null;
                                /** @description The record as stored */
                                data: unknown;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                                version: number;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a record in one of the app's collections
         * @description `data` must match the collection's JSON Schema: otherwise 422 `app_record_invalid` lists every problem with its JSON `pointer`. An undeclared collection is 404; over the installation's quotas: 429 `app_data_record_quota` (records) or 413 `app_data_storage_quota` (bytes); a record over APP_DATA_MAX_RECORD_BYTES is 413 `app_record_too_large`. The answer carries `ETag: "<version>"`.
         *
         *     App access tokens are accepted when the installation was granted `app_data:write` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The record: a JSON object matching the collection's schema */
                        data: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                            asset_ids: string[];
                            collection: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The user who created it (an app acts for its user); null for an API key */
                            created_by: string | null;
                            /** @description The record as stored */
                            data: unknown;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-data/{collection}/{record_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One record (with `ETag: "<version>"`)
         * @description Users and API keys with `admin` may call it too, naming the installation with `installation_id`.
         *
         *     App access tokens are accepted when the installation was granted `app_data:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    /** @description The installation whose data to use. Required of users and API keys (tenant admins); an app token uses its own and needs none. */
                    installation_id?: string;
                };
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                    record_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                            asset_ids: string[];
                            collection: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The user who created it (an app acts for its user); null for an API key */
                            created_by: string | null;
                            /** @description The record as stored */
                            data: unknown;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        /**
         * Replace a record
         * @description Optimistic: send the version the change is based on as `If-Match: "<version>"` or `version`; a stale one is 409 `app_record_version_conflict` with the record as it is now in `current`. Without either, the write replaces whatever is there.
         *
         *     App access tokens are accepted when the installation was granted `app_data:write` (CORS for the app's origin).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                    record_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The record: a JSON object matching the collection's schema */
                        data: unknown;
                        /** @description The version this write is based on (or send `If-Match: "<version>"`); a stale one is 409 */
                        version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                            asset_ids: string[];
                            collection: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The user who created it (an app acts for its user); null for an API key */
                            created_by: string | null;
                            /** @description The record as stored */
                            data: unknown;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            current: {
                                /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                                asset_ids: string[];
                                collection: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it (an app acts for its user); null for an API key */
                                created_by: string | null;
                                /** @description The record as stored */
                                data: unknown;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                                version: number;
                            };
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a record (and its asset attachments; the assets stay)
         * @description Optional precondition `If-Match: "<version>"` (stale → 409 with `current`). Users and API keys with `admin` may call it too, naming the installation with `installation_id`.
         *
         *     App access tokens are accepted when the installation was granted `app_data:write` (CORS for the app's origin).
         */
        delete: {
            parameters: {
                query?: {
                    /** @description The installation whose data to use. Required of users and API keys (tenant admins); an app token uses its own and needs none. */
                    installation_id?: string;
                };
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                    record_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            current: {
                                /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                                asset_ids: string[];
                                collection: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it (an app acts for its user); null for an API key */
                                created_by: string | null;
                                /** @description The record as stored */
                                data: unknown;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                                version: number;
                            };
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a record with a JSON merge patch (RFC 7386)
         * @description The patched record must match the collection's schema. Optimistic like PUT (`If-Match` or `version`; stale → 409 with `current`).
         *
         *     App access tokens are accepted when the installation was granted `app_data:write` (CORS for the app's origin).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A collection declared in the app's manifest */
                    collection: string;
                    record_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A JSON merge patch (RFC 7386) of the record: members replace, `null` removes; the result is validated */
                        data: unknown;
                        /** @description The version this write is based on (or send `If-Match: "<version>"`); a stale one is 409 */
                        version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                            asset_ids: string[];
                            collection: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The user who created it (an app acts for its user); null for an API key */
                            created_by: string | null;
                            /** @description The record as stored */
                            data: unknown;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            current: {
                                /** @description Assets attached to this record (POST /api/v1/app-assets/{id}/attach) */
                                asset_ids: string[];
                                collection: string;
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created it (an app acts for its user); null for an API key */
                                created_by: string | null;
                                /** @description The record as stored */
                                data: unknown;
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description Counts writes; send it back (or as If-Match) to update optimistically */
                                version: number;
                            };
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/app-platform/apps/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's apps and the apps published for every tenant */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                app_id: string;
                                /** Format: date-time */
                                created_at: string;
                                description: string | null;
                                icon_url: string | null;
                                id: string;
                                latest_version: string;
                                name: string;
                                /** @description Imported by this tenant */
                                owned: boolean;
                                /** @description What the latest version asks for */
                                permissions: string[];
                                /** @description Published by the operator: every tenant may install it */
                                published: boolean;
                                publisher: {
                                    email?: string;
                                    name: string;
                                    url?: string;
                                } | null;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/apps/{app_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One app, with its versions and latest manifest */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    app_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            icon_url: string | null;
                            id: string;
                            /** @description This tenant's active installation, if any */
                            installation_id: string | null;
                            latest_version: string;
                            /** @description The latest manifest */
                            manifest: {
                                [key: string]: unknown;
                            };
                            name: string;
                            /** @description Imported by this tenant */
                            owned: boolean;
                            /** @description What the latest version asks for */
                            permissions: string[];
                            /** @description Published by the operator: every tenant may install it */
                            published: boolean;
                            publisher: {
                                email?: string;
                                name: string;
                                url?: string;
                            } | null;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description Newest first */
                            versions: {
                                /** Format: date-time */
                                created_at: string;
                                entry_url: string;
                                permissions: string[];
                                version: string;
                                /** Format: uuid */
                                version_id: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/apps/{app_id}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Install the app's latest version, granting what its manifest asks for or a subset of it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    app_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A subset of what the manifest asks for; all of it when absent */
                        permissions?: ("app_data:read" | "app_data:write" | "rich_documents:read" | "rich_documents:write" | "app_assets:read" | "app_assets:write" | "documents:read" | "knowledge_bases:read" | "chat:query")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** Format: date-time */
                            created_at: string;
                            entry_url: string;
                            granted_permissions: string[];
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            latest_version: string;
                            name: string;
                            purge_after: string | null;
                            purged_at: string | null;
                            requested_permissions: string[];
                            status: "active" | "uninstalled" | "purged";
                            uninstalled_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            upgrade_available: boolean;
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/apps/{app_id}/launch-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A launch token for opening an installed app, and the launch URL that carries it
         * @description Any signed-in user of the tenant may open its apps (API keys may not). The token is single use, valid 60 s, and accepted only by the exchange.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    app_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Seconds (60) */
                            expires_in: number;
                            /** Format: uuid */
                            installation_id: string;
                            /** @description Single use, valid 60 s, accepted only by POST /api/v1/app-platform/runtime/exchange */
                            launch_token: string;
                            /** @description The entry_url with the token as the launch_token query parameter */
                            launch_url: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/installations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's app installations (active ones unless `status` says otherwise) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                    status?: "active" | "uninstalled" | "purged" | "all";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                app_id: string;
                                /** Format: date-time */
                                created_at: string;
                                entry_url: string;
                                granted_permissions: string[];
                                id: string;
                                /** Format: uuid */
                                installation_id: string;
                                latest_version: string;
                                name: string;
                                purge_after: string | null;
                                purged_at: string | null;
                                requested_permissions: string[];
                                status: "active" | "uninstalled" | "purged";
                                uninstalled_at: string | null;
                                /** Format: date-time */
                                updated_at: string;
                                upgrade_available: boolean;
                                version: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/installations/{installation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One installation */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    installation_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** Format: date-time */
                            created_at: string;
                            entry_url: string;
                            granted_permissions: string[];
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            latest_version: string;
                            name: string;
                            purge_after: string | null;
                            purged_at: string | null;
                            requested_permissions: string[];
                            status: "active" | "uninstalled" | "purged";
                            uninstalled_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            upgrade_available: boolean;
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Uninstall: every launch and app token stops at once; the app's data is purged after the retention period, or now with purge=true */
        delete: {
            parameters: {
                query?: {
                    /** @description Delete the installation's data now instead of after the retention period */
                    purge?: boolean;
                };
                header?: never;
                path: {
                    installation_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** Format: date-time */
                            created_at: string;
                            entry_url: string;
                            granted_permissions: string[];
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            latest_version: string;
                            name: string;
                            purge_after: string | null;
                            purged_at: string | null;
                            requested_permissions: string[];
                            status: "active" | "uninstalled" | "purged";
                            uninstalled_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            upgrade_available: boolean;
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Upgrade to the app's latest version
         * @description Grants carry over. When the latest version asks for permissions the installed one did not, the upgrade needs them granted in `permissions` (409 `app_upgrade_needs_consent` otherwise). App tokens issued before hold the new grants at once.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    installation_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The permissions to grant the latest version (a subset of what it asks for). Needed only when it asks for more than the installed version did. */
                        permissions?: ("app_data:read" | "app_data:write" | "rich_documents:read" | "rich_documents:write" | "app_assets:read" | "app_assets:write" | "documents:read" | "knowledge_bases:read" | "chat:query")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** Format: date-time */
                            created_at: string;
                            entry_url: string;
                            granted_permissions: string[];
                            id: string;
                            /** Format: uuid */
                            installation_id: string;
                            latest_version: string;
                            name: string;
                            purge_after: string | null;
                            purged_at: string | null;
                            requested_permissions: string[];
                            status: "active" | "uninstalled" | "purged";
                            uninstalled_at: string | null;
                            /** Format: date-time */
                            updated_at: string;
                            upgrade_available: boolean;
                            version: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/app-platform/manifest-schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The JSON Schema (draft 2020-12) of app manifests
         * @description Versioned by `manifest_version` (1). Rules a schema cannot express are stated in its descriptions and checked by validate/import.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Version of the manifest format */
                    manifest_version?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A JSON Schema (draft 2020-12) document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/manifests/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a manifest: a new app, or a new version of one this tenant imported
         * @description A manifest that does not validate is 422 `invalid_manifest` (every problem, with `path` pointers). A version lower than or equal to the latest one of the same `id` in this tenant is 409 `app_version_not_newer`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The manifest.json object (see GET /api/v1/app-platform/manifest-schema) */
                        manifest: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            app_id: string;
                            /** @description The manifest's reverse-DNS id */
                            id: string;
                            name: string;
                            /** @description true for a first import, false for a new version of an app already imported */
                            new_app: boolean;
                            permissions: string[];
                            version: string;
                            /** Format: uuid */
                            version_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/manifests/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a manifest: every problem, each with its JSON pointer
         * @description Always 200 for a JSON body holding `manifest`: `valid` says whether it could be imported. Nothing is stored.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The manifest.json object (see GET /api/v1/app-platform/manifest-schema) */
                        manifest: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                message: string;
                                /** @description JSON pointer into the manifest ("" is the whole manifest) */
                                path: string;
                            }[];
                            valid: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app-platform/runtime/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The app's frontend exchanges its launch token for an app access token (no bearer)
         * @description A used, expired or unknown launch token, or one of an uninstalled app, is the same 401 `invalid_launch_token`. A browser request must come from the origin of the app's entry_url (403 `app_origin_mismatch`); CORS answers only that origin. The app token (900 s) opens the app APIs and the platform routes of the scopes it was granted; it has no refresh: relaunch the app.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        launch_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description App access token (JWT, typ app-at+jwt); no refresh: relaunch the app for a new one */
                            access_token: string;
                            app: {
                                /** Format: uuid */
                                app_id: string;
                                id: string;
                                name: string;
                                version: string;
                            };
                            /** @description Seconds (900) */
                            expires_in: number;
                            /** Format: uuid */
                            installation_id: string;
                            permissions: string[];
                            tenant: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            /** @enum {string} */
                            token_type: "Bearer";
                            user: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                role: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's audit trail (newest first) */
        get: {
            parameters: {
                query?: {
                    actor_id?: string;
                    limit?: number;
                    skip?: number;
                    type?: "user.invited" | "user.invitation_revoked" | "user.invitation_link_issued" | "user.invitation_accepted" | "user.created" | "user.renamed" | "user.role_changed" | "user.disabled" | "user.enabled" | "user.deleted" | "user.password_changed" | "auth.login_failed" | "auth.otp_sign_in" | "auth.password_reset_requested" | "auth.password_reset_confirmed" | "sso.provider_saved" | "sso.provider_deleted" | "sso.settings_changed" | "sso.admin_consent" | "sso.identity_linked" | "sso.sign_in" | "api_key.created" | "api_key.revoked" | "llm.provider_key_set" | "llm.provider_key_rotated" | "llm.provider_key_deleted" | "llm.model_activated" | "llm.model_deactivated" | "llm.model_preference_changed" | "llm.access_rules_set" | "llm.access_rules_cleared" | "oauth.client_created" | "oauth.client_updated" | "oauth.client_deleted" | "app.imported" | "app.installed" | "app.upgraded" | "app.uninstalled" | "memory.deleted" | "folder.deleted" | "webhook.endpoint_created" | "webhook.endpoint_updated" | "webhook.endpoint_deleted" | "webhook.secret_rotated" | "connector.created" | "connector.updated" | "connector.deleted";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                actor_id: string | null;
                                /** @description user, api_key, operator or anonymous (login, invitation accept) */
                                actor_kind: string;
                                /** @description The actor's e-mail (a user), or its name (an API key, an app) when the event was written; null for the operator or an unknown e-mail */
                                actor_name: string | null;
                                created_at: string;
                                details: {
                                    [key: string]: unknown;
                                };
                                /** Format: uuid */
                                id: string;
                                ip: string | null;
                                target_id: string | null;
                                /** @description The target's e-mail or name when the event was written (a user's e-mail, a key's, provider's, client's, app's, model's, memory's or folder's name) */
                                target_name: string | null;
                                type: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the documents: retrieval over the memories, then an answer that cites its sources as [n]
         * @description Retrieval is the hybrid document search under the caller's tenant and filters, reranked by the tenant's default rerank model when there is one (a rerank failure keeps the fused order). The best sources that fit the chat model's context window are given to the model (the given `model`, else the tenant's default chat model), which answers only from them and cites them as [n]. With `conversation_id` the question is first condensed with the recent turns into a standalone query for retrieval. The question and the answer are stored in the conversation (a new one without `conversation_id`). With `stream: true` the response is `text/event-stream` with these events, in order: `retrieval` ({conversation_id, message_id, sources, condensed_query?}) once the sources are known; `delta` ({text}) pieces of the answer, with citation markers already renumbered; `citation` (a citation: {n, chunk_id, document_id, filename, page, section, snippet, score, source}) as soon as a marker citing a new source is complete; `done` (the same object as the JSON response) at the end; or `error` ({detail, code}) when the answer cannot be completed. A `: ping` comment is sent every SSE_HEARTBEAT_MS. A client that disconnects aborts the upstream call; what was generated is stored with status `incomplete`. Errors found before the stream starts (validation, unknown ids, no chat model) are plain JSON errors. With mode `retrieve`, the stream is `retrieval` then `done`.
         *
         *     App access tokens are accepted when the installation was granted `chat:query` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description Continue this conversation of the caller's: the question is condensed with its recent turns
                         */
                        conversation_id?: string;
                        filters?: {
                            document_ids?: string[];
                            /** @description A folder id, or null for documents in no folder */
                            folder_id?: string | null;
                            tags?: {
                                /** @description The document carries every one of these tags */
                                all?: string[];
                                /** @description The document carries at least one of these tags */
                                any?: string[];
                            };
                        };
                        /** @description Upper bound of the answer; also the room kept for it in the context */
                        max_tokens?: number;
                        /** @description Search only these memories (knowledge bases) */
                        memory_ids?: string[];
                        /**
                         * @description answer: retrieve, then answer with a chat model; retrieve: the sources only, no chat model (works with no provider)
                         * @default answer
                         */
                        mode?: "answer" | "retrieve";
                        /** @description A chat model (UUID or name) enabled for the tenant; default: the tenant's default chat model */
                        model?: string;
                        /** @description The question */
                        query: string;
                        /**
                         * @description false: keep the fused retrieval order even when the tenant has a default rerank model
                         * @default true
                         */
                        rerank?: boolean;
                        /**
                         * @description Answer as text/event-stream (see the description of the operation)
                         * @default false
                         */
                        stream?: boolean;
                        temperature?: number;
                        /**
                         * @description Sources to retrieve
                         * @default 8
                         */
                        top_k?: number;
                    };
                };
            };
            responses: {
                /** @description The answer (mode answer) or the sources (mode retrieve); an event stream with stream: true */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Cites sources as [n], numbered in order of first use; markers naming no source are removed */
                            answer: string;
                            /** @description The sources the answer cites, in the order of their numbers */
                            citations: {
                                /** Format: uuid */
                                chunk_id: string;
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                /** @description The number the answer cites it by: [n] */
                                n: number;
                                page: number | null;
                                /** @description The rerank score when the sources were reranked, else the fused retrieval score */
                                score: number;
                                section: string | null;
                                /** @description The beginning of the chunk (at most 500 characters) */
                                snippet: string;
                                /** @description The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document */
                                source?: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    external_id: string;
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description With conversation_id: the standalone question retrieval used */
                            condensed_query?: string;
                            /** Format: uuid */
                            conversation_id: string;
                            latency_ms: number;
                            /** Format: uuid */
                            message_id: string;
                            model: string;
                            reranked_by: string | null;
                            /** @description Everything retrieved, best first */
                            sources: {
                                /** Format: uuid */
                                chunk_id: string;
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                /** @description The number the source was given to the model under; null: retrieved but left out of the context (it did not fit) */
                                n: number | null;
                                page: number | null;
                                /** @description The rerank score when the sources were reranked, else the fused retrieval score */
                                score: number;
                                section: string | null;
                                /** @description The beginning of the chunk (at most 500 characters) */
                                snippet: string;
                                /** @description The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document */
                                source?: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    external_id: string;
                                    url: string | null;
                                } | null;
                            }[];
                            status: "complete" | "incomplete" | "error";
                            /** @description Where the time went, server side */
                            timings: {
                                condense_ms: number;
                                /** @description The chat model's answer */
                                generation_ms: number;
                                /** @description Fitting the sources into the context window */
                                packing_ms: number;
                                rerank_ms: number;
                                /** @description Hybrid search */
                                retrieval_ms: number;
                            };
                            usage: {
                                completion_tokens: number;
                                /** @description USD from the catalog prices; null when the catalog prices none of it */
                                cost: number | null;
                                prompt_tokens: number;
                            };
                        } | {
                            /** Format: uuid */
                            conversation_id?: string;
                            latency_ms: number;
                            /** @description The rerank model that ordered the sources; null: fused retrieval order */
                            reranked_by: string | null;
                            sources: {
                                /** Format: uuid */
                                chunk_id: string;
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                /** @description The number the source was given to the model under; null: retrieved but left out of the context (it did not fit) */
                                n: number | null;
                                page: number | null;
                                /** @description The rerank score when the sources were reranked, else the fused retrieval score */
                                score: number;
                                section: string | null;
                                /** @description The beginning of the chunk (at most 500 characters) */
                                snippet: string;
                                /** @description The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document */
                                source?: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    external_id: string;
                                    url: string | null;
                                } | null;
                            }[];
                            /** @description Where the time went, server side */
                            timings: {
                                condense_ms: number;
                                /** @description The chat model's answer */
                                generation_ms: number;
                                /** @description Fitting the sources into the context window */
                                packing_ms: number;
                                rerank_ms: number;
                                /** @description Hybrid search */
                                retrieval_ms: number;
                            };
                        };
                        "text/event-stream": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's connectors, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                config: {
                                    [key: string]: unknown;
                                };
                                consecutive_failures: number;
                                /** Format: date-time */
                                created_at: string;
                                documents_count: number;
                                enabled: boolean;
                                folder_id: string | null;
                                /** @description Credentials are stored (they are never answered) */
                                has_credentials: boolean;
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                last_run: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    counts: {
                                        added: number;
                                        deleted: number;
                                        failed: number;
                                        /** @description Items the listing yielded */
                                        seen: number;
                                        unchanged: number;
                                        updated: number;
                                    };
                                    /** Format: date-time */
                                    created_at: string;
                                    error: string | null;
                                    finished_at: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    /** @description The listing ended without failing: only then were unlisted items deleted */
                                    listing_complete: boolean;
                                    started_at: string | null;
                                    status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                    trigger: "manual" | "schedule";
                                } | null;
                                memory_id: string | null;
                                name: string;
                                next_run_at: string | null;
                                schedule: {
                                    /** @description A run this often (counted from the end of the last one) */
                                    every_minutes: number;
                                } | null;
                                status: "idle" | "queued" | "running" | "error" | "paused";
                                tags: string[];
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a connector
         * @description `config` is checked against the kind's schema and the kind's own rules (a 422 names the field under `body.config`). `credentials` are write-only: stored sealed, never answered (`has_credentials` says whether there are some). At most CONNECTOR_MAX_PER_TENANT per tenant. A scheduled connector runs first at once.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The kind's settings, as its `config_schema` (GET /api/v1/connectors/kinds) describes them */
                        config: {
                            [key: string]: unknown;
                        };
                        credentials?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Default true; false creates it paused */
                        enabled?: boolean;
                        folder_id?: string | null;
                        kind: string;
                        memory_id?: string | null;
                        name: string;
                        schedule?: {
                            /** @description A run this often (counted from the end of the last one) */
                            every_minutes: number;
                        } | null;
                        /** @description Given to every document the connector creates */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            documents_count: number;
                            enabled: boolean;
                            folder_id: string | null;
                            /** @description Credentials are stored (they are never answered) */
                            has_credentials: boolean;
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            last_run: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            } | null;
                            memory_id: string | null;
                            name: string;
                            next_run_at: string | null;
                            schedule: {
                                /** @description A run this often (counted from the end of the last one) */
                                every_minutes: number;
                            } | null;
                            status: "idle" | "queued" | "running" | "error" | "paused";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One connector, with its last run */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            documents_count: number;
                            enabled: boolean;
                            folder_id: string | null;
                            /** @description Credentials are stored (they are never answered) */
                            has_credentials: boolean;
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            last_run: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            } | null;
                            memory_id: string | null;
                            name: string;
                            next_run_at: string | null;
                            schedule: {
                                /** @description A run this often (counted from the end of the last one) */
                                every_minutes: number;
                            } | null;
                            status: "idle" | "queued" | "running" | "error" | "paused";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a connector; its documents are deleted too unless keep_documents=true
         * @description A queued or running run is cancelled. With keep_documents=true the documents stay as ordinary ones: their `source` becomes null and they may be edited and deleted by hand.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description false (default): the documents the connector created are deleted with it. true: they are kept as ordinary documents (their `source` becomes null) */
                    keep_documents?: boolean;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a connector (what is given); enabled false pauses it, true resumes it */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The kind's settings, as its `config_schema` (GET /api/v1/connectors/kinds) describes them */
                        config?: {
                            [key: string]: unknown;
                        };
                        /** @description Replaces the stored credentials; null removes them; absent keeps them */
                        credentials?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description false pauses the connector, true resumes it */
                        enabled?: boolean;
                        folder_id?: string | null;
                        memory_id?: string | null;
                        name?: string;
                        schedule?: {
                            /** @description A run this often (counted from the end of the last one) */
                            every_minutes: number;
                        } | null;
                        /** @description Given to every document the connector creates */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            documents_count: number;
                            enabled: boolean;
                            folder_id: string | null;
                            /** @description Credentials are stored (they are never answered) */
                            has_credentials: boolean;
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            last_run: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            } | null;
                            memory_id: string | null;
                            name: string;
                            next_run_at: string | null;
                            schedule: {
                                /** @description A run this often (counted from the end of the last one) */
                                every_minutes: number;
                            } | null;
                            status: "idle" | "queued" | "running" | "error" | "paused";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/connectors/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a connector: no run is scheduled, and a queued or running one is cancelled */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            documents_count: number;
                            enabled: boolean;
                            folder_id: string | null;
                            /** @description Credentials are stored (they are never answered) */
                            has_credentials: boolean;
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            last_run: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            } | null;
                            memory_id: string | null;
                            name: string;
                            next_run_at: string | null;
                            schedule: {
                                /** @description A run this often (counted from the end of the last one) */
                                every_minutes: number;
                            } | null;
                            status: "idle" | "queued" | "running" | "error" | "paused";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused connector, or one in error (its failure streak is forgotten) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            consecutive_failures: number;
                            /** Format: date-time */
                            created_at: string;
                            documents_count: number;
                            enabled: boolean;
                            folder_id: string | null;
                            /** @description Credentials are stored (they are never answered) */
                            has_credentials: boolean;
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            last_run: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            } | null;
                            memory_id: string | null;
                            name: string;
                            next_run_at: string | null;
                            schedule: {
                                /** @description A run this often (counted from the end of the last one) */
                                every_minutes: number;
                            } | null;
                            status: "idle" | "queued" | "running" | "error" | "paused";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connector's runs, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                connector_id: string;
                                counts: {
                                    added: number;
                                    deleted: number;
                                    failed: number;
                                    /** @description Items the listing yielded */
                                    seen: number;
                                    unchanged: number;
                                    updated: number;
                                };
                                /** Format: date-time */
                                created_at: string;
                                error: string | null;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The listing ended without failing: only then were unlisted items deleted */
                                listing_complete: boolean;
                                started_at: string | null;
                                status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                                trigger: "manual" | "schedule";
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run: its counts, whether its listing completed, and its first item errors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            connector_id: string;
                            counts: {
                                added: number;
                                deleted: number;
                                failed: number;
                                /** @description Items the listing yielded */
                                seen: number;
                                unchanged: number;
                                updated: number;
                            };
                            /** Format: date-time */
                            created_at: string;
                            error: string | null;
                            /** @description The first item errors of the run (at most 100 here; 1000 are kept) */
                            errors: {
                                external_id: string | null;
                                message: string;
                                url: string | null;
                            }[];
                            finished_at: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The listing ended without failing: only then were unlisted items deleted */
                            listing_complete: boolean;
                            started_at: string | null;
                            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                            trigger: "manual" | "schedule";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued or running run (it stops at its next item; nothing is deleted) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            run_id: string;
                            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/runs/{run_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events of a run: each item as it is recorded, its documents' status, then the end
         * @description Events: `item` `{external_id, url, decision (added|updated|unchanged|deleted|failed), document_id, message?}` for every item the run records from the moment the stream opens; `document` `{document_id, filename, status, error}` when a document those items touched changes status; `end` with the run (as `GET .../runs/{run_id}` shows it) once it has ended, after which the server closes the stream. A stream opened on an ended run gets `end` at once.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    run_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An event stream (text/event-stream) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run now
         * @description 202 with the new run; 409 `connector_run_in_progress` (naming the run) while one is queued or running, 409 `connector_paused` for a paused connector.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            run_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kinds of connector this service offers, with the JSON Schema of their config and credentials */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description JSON Schema of `config` */
                                config_schema: unknown;
                                /** @description JSON Schema of `credentials`, or null when the kind takes none */
                                credentials_schema: unknown;
                                description: string;
                                kind: string;
                                title: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's conversations, most recent activity first (admins: the whole tenant's with ?all=true) */
        get: {
            parameters: {
                query?: {
                    /** @description Admins only: every conversation of the tenant, not only the caller's */
                    all?: boolean;
                    limit?: number;
                    /** @description Only conversations that asked over this memory */
                    memory_id?: string;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                conversation_id: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                memory_ids: string[];
                                message_count: number;
                                owner: {
                                    /** Format: uuid */
                                    id: string;
                                    kind: "user" | "api_key";
                                };
                                title: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One conversation with its messages (questions and answers, with citations, model, usage and status) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversation_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            conversation_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            id: string;
                            memory_ids: string[];
                            message_count: number;
                            messages: {
                                citations: {
                                    /** Format: uuid */
                                    chunk_id: string;
                                    /** Format: uuid */
                                    document_id: string;
                                    filename: string;
                                    /** @description The number the answer cites it by: [n] */
                                    n: number;
                                    page: number | null;
                                    /** @description The rerank score when the sources were reranked, else the fused retrieval score */
                                    score: number;
                                    section: string | null;
                                    /** @description The beginning of the chunk (at most 500 characters) */
                                    snippet: string;
                                    /** @description The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document */
                                    source?: {
                                        /** Format: uuid */
                                        connector_id: string;
                                        external_id: string;
                                        url: string | null;
                                    } | null;
                                }[];
                                /** @description A question asked with history: the standalone query retrieval used */
                                condensed_query: string | null;
                                content: string;
                                /** Format: date-time */
                                created_at: string;
                                error_code: string | null;
                                latency_ms: number | null;
                                /** Format: uuid */
                                message_id: string;
                                model: string | null;
                                /** @description An answer: the question it answers */
                                reply_to: string | null;
                                role: "user" | "assistant";
                                /** @description incomplete: the client left mid-answer (what was generated is kept); error: the provider failed mid-answer */
                                status: "complete" | "incomplete" | "error";
                                usage: {
                                    completion_tokens: number;
                                    /** @description USD from the catalog prices; null when the catalog prices none of it */
                                    cost: number | null;
                                    prompt_tokens: number;
                                } | null;
                            }[];
                            owner: {
                                /** Format: uuid */
                                id: string;
                                kind: "user" | "api_key";
                            };
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a conversation, its messages and their feedback */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversation_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a conversation */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    conversation_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            conversation_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            id: string;
                            memory_ids: string[];
                            message_count: number;
                            owner: {
                                /** Format: uuid */
                                id: string;
                                kind: "user" | "api_key";
                            };
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/documents/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List documents (legacy page/page_size paging)
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    /** @description A folder id, or `null` for documents in no folder */
                    folder_id?: string | "null";
                    memory_id?: string;
                    page?: number;
                    page_size?: number;
                    /** @description Case-insensitive substring of the filename (empty: no filter) */
                    search?: string;
                    status?: "pending" | "parsing" | "indexing" | "indexed" | "error";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                ai_description: string | null;
                                ai_description_original: string | null;
                                batch_id: string | null;
                                chunk_count: number;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                document_id: string;
                                error: string | null;
                                filename: string;
                                folder_id: string | null;
                                indexed_at: string | null;
                                memory_id: string | null;
                                mime_type: string;
                                page_count: number | null;
                                sha256: string;
                                size_bytes: number;
                                source: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                    external_id: string;
                                    /** @description Where people open the original (http(s)); null for a folder */
                                    url: string | null;
                                } | null;
                                status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                                tags: string[];
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            page: number;
                            page_size: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Upload a document (multipart `file`, optional `memory_id`, `folder_id`, `tags`); indexing continues in the background */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description The document (PDF, DOCX, XLSX, CSV, TXT, MD, MDX, HTML)
                         */
                        file: string;
                        /**
                         * Format: uuid
                         * @description Put the document in this folder
                         */
                        folder_id?: string;
                        /**
                         * Format: uuid
                         * @description Put the document in this memory
                         */
                        memory_id?: string;
                        /** @description Repeated, comma-separated or a JSON array; at most 50 tags of 64 characters */
                        tags?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            filename: string;
                            folder_id: string | null;
                            memory_id: string | null;
                            mime_type: string;
                            size_bytes: number;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                            tags: string[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One document
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_description: string | null;
                            ai_description_original: string | null;
                            batch_id: string | null;
                            chunk_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            filename: string;
                            folder_id: string | null;
                            indexed_at: string | null;
                            memory_id: string | null;
                            mime_type: string;
                            page_count: number | null;
                            sha256: string;
                            size_bytes: number;
                            source: {
                                /** Format: uuid */
                                connector_id: string;
                                /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                external_id: string;
                                /** @description Where people open the original (http(s)); null for a folder */
                                url: string | null;
                            } | null;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a document, its chunks, vectors and files; irreversible */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a document or move it to another folder or memory (null detaches) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filename?: string;
                        folder_id?: string | null;
                        memory_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_description: string | null;
                            ai_description_original: string | null;
                            batch_id: string | null;
                            chunk_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            filename: string;
                            folder_id: string | null;
                            indexed_at: string | null;
                            memory_id: string | null;
                            mime_type: string;
                            page_count: number | null;
                            sha256: string;
                            size_bytes: number;
                            source: {
                                /** Format: uuid */
                                connector_id: string;
                                /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                external_id: string;
                                /** @description Where people open the original (http(s)); null for a folder */
                                url: string | null;
                            } | null;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/documents/{document_id}/ai-description": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Override the AI description (form field `description`); the replaced text is kept as ai_description_original */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        description: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_description: string | null;
                            ai_description_original: string | null;
                            batch_id: string | null;
                            chunk_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            filename: string;
                            folder_id: string | null;
                            indexed_at: string | null;
                            memory_id: string | null;
                            mime_type: string;
                            page_count: number | null;
                            sha256: string;
                            size_bytes: number;
                            source: {
                                /** Format: uuid */
                                connector_id: string;
                                /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                external_id: string;
                                /** @description Where people open the original (http(s)); null for a folder */
                                url: string | null;
                            } | null;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/documents/{document_id}/chunks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chunks of a document, in order
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                char_end: number;
                                char_start: number;
                                /** Format: uuid */
                                chunk_id: string;
                                index: number;
                                page: number | null;
                                section: string | null;
                                sheet: string | null;
                                text: string;
                                token_count: number;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{document_id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The original file as uploaded
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file bytes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{document_id}/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every indexing attempt of a document, oldest first
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: number;
                            chunk_count: number | null;
                            /** Format: date-time */
                            created_at: string;
                            dimensions: number | null;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            finished_at: string | null;
                            /** Format: uuid */
                            job_id: string;
                            model: string | null;
                            provider: string | null;
                            source: string;
                            started_at: string | null;
                            stats: {
                                [key: string]: number;
                            };
                            status: "queued" | "running" | "succeeded" | "failed";
                            warnings: string[];
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{document_id}/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a new indexing job; the current chunks stay searchable until it finishes */
        post: {
            parameters: {
                query?: {
                    source?: "admin" | "rag" | "api";
                };
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            document_id: string;
                            /** Format: uuid */
                            job_id: string;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{document_id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Replace the tag set (trimmed, de-duplicated, at most 50 tags of 64 characters) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tags: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_description: string | null;
                            ai_description_original: string | null;
                            batch_id: string | null;
                            chunk_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            filename: string;
                            folder_id: string | null;
                            indexed_at: string | null;
                            memory_id: string | null;
                            mime_type: string;
                            page_count: number | null;
                            sha256: string;
                            size_bytes: number;
                            source: {
                                /** Format: uuid */
                                connector_id: string;
                                /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                external_id: string;
                                /** @description Where people open the original (http(s)); null for a folder */
                                url: string | null;
                            } | null;
                            status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/documents/{id}/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Render a document with a viewer token (no bearer): PDFs inline, other formats as an HTML page */
        get: {
            parameters: {
                query?: {
                    /**
                     * @deprecated
                     * @description Deprecated: the viewer token as a query parameter ends up in logs and browser history; send the X-Viewer-Token header instead
                     */
                    viewer_token?: string;
                };
                header?: {
                    /** @description The viewer token (preferred over the query parameter) */
                    "x-viewer-token"?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The original PDF, or the extracted content as a self-contained HTML page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                        "text/html": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/viewer-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A viewer token for this document, valid 10 minutes
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            expires_at: string;
                            /** @description Seconds; 600 */
                            expires_in: number;
                            /** @enum {string} */
                            token_type: "viewer";
                            /** @description The view endpoint of this document */
                            view_url: string;
                            /** @description Send as the X-Viewer-Token header of the view request */
                            viewer_token: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/bulk-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload up to 500 files as one batch; indexing continues in the background */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** @description Up to 500 files, as repeated parts */
                        files: string[];
                        /** Format: uuid */
                        folder_id?: string;
                        /** Format: uuid */
                        memory_id?: string;
                        /** @description Repeated, comma-separated or a JSON array */
                        tags?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id: string;
                            documents: {
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                status: string;
                            }[];
                            /** @description Files refused one by one (format, size) */
                            rejected: {
                                detail: string;
                                filename: string;
                            }[];
                            /** @description Documents accepted into the batch */
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/bulk-upload/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status counts of an upload batch
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batch_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            batch_id: string;
                            /** @description Every document is indexed or errored */
                            done: boolean;
                            errored: number;
                            indexed: number;
                            indexing: number;
                            parsing: number;
                            pending: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/bulk-upload/{batch_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events of a batch: snapshot, one status event per document change, done
         * @description Events: `snapshot` (the counts), `status` ({document_id, filename, status, error?, counts}) for each status change, `done` (the counts) once every document is indexed or errored, after which the server closes the stream. A `: ping` comment is sent every 15 seconds.
         *
         *     App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    batch_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An event stream */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/by-conversation/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documents cited by the messages of a conversation, with their status (a deleted one is listed as missing) */
        get: {
            parameters: {
                query?: {
                    /** @description `ready` means indexed */
                    status?: "pending" | "parsing" | "indexing" | "indexed" | "error" | "ready";
                };
                header?: never;
                path: {
                    conversation_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description Citations of the document in the answers of the conversation */
                                citation_count: number;
                                /** @description The document as it is now; null when it was deleted */
                                document: {
                                    ai_description: string | null;
                                    ai_description_original: string | null;
                                    batch_id: string | null;
                                    chunk_count: number;
                                    /** Format: date-time */
                                    created_at: string;
                                    /** Format: uuid */
                                    document_id: string;
                                    error: string | null;
                                    filename: string;
                                    folder_id: string | null;
                                    indexed_at: string | null;
                                    memory_id: string | null;
                                    mime_type: string;
                                    page_count: number | null;
                                    sha256: string;
                                    size_bytes: number;
                                    source: {
                                        /** Format: uuid */
                                        connector_id: string;
                                        /** @description The item's id in its source: a URL, an object key, a path under the folder, a drive item id */
                                        external_id: string;
                                        /** @description Where people open the original (http(s)); null for a folder */
                                        url: string | null;
                                    } | null;
                                    status: "pending" | "parsing" | "indexing" | "indexed" | "error";
                                    tags: string[];
                                    /** Format: date-time */
                                    updated_at: string;
                                } | null;
                                /** Format: uuid */
                                document_id: string;
                                /** @description The document's filename; for a deleted document, the one it was cited under */
                                filename: string;
                                /** Format: date-time */
                                first_cited_at: string;
                                /** Format: date-time */
                                last_cited_at: string;
                                missing: boolean;
                                /** @description missing: the document was deleted since */
                                status: "pending" | "parsing" | "indexing" | "indexed" | "error" | "missing";
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/indexation-progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tenant-wide document counts by indexing status
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: number;
                            /** @description pending + parsing + indexing */
                            in_progress: number;
                            indexed: number;
                            indexing: number;
                            parsing: number;
                            pending: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/indexing-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's indexing profile (chunking, embedding model, full-text configuration, parallelism) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_descriptions: boolean;
                            chunk_overlap: number;
                            chunk_size: number;
                            embedding_model: string | null;
                            parallelism: number;
                            text_search_config: "english" | "simple";
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        /** Replace the tenant's indexing profile; applies to jobs started afterwards */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description true: the tenant's default chat model writes each document's ai_description (the beginning of every document is sent to its provider); false (the default): an extractive description, no model call
                         * @default false
                         */
                        ai_descriptions?: boolean;
                        /** @description At most chunk_size / 2 */
                        chunk_overlap: number;
                        chunk_size: number;
                        /** @description null (or an empty string): the tenant's default embedding model, else the built-in offline embedder */
                        embedding_model: string | null;
                        parallelism: number;
                        /**
                         * @description How NEW chunks are indexed for full-text search: 'english' (the default: stemmed, English stop words dropped) or 'simple' (words as written, any language). Chunks already indexed keep theirs until the document is reindexed.
                         * @default english
                         */
                        text_search_config?: "english" | "simple";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ai_descriptions: boolean;
                            chunk_overlap: number;
                            chunk_size: number;
                            embedding_model: string | null;
                            parallelism: number;
                            text_search_config: "english" | "simple";
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One indexing job
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    job_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attempts: number;
                            chunk_count: number | null;
                            /** Format: date-time */
                            created_at: string;
                            dimensions: number | null;
                            /** Format: uuid */
                            document_id: string;
                            error: string | null;
                            finished_at: string | null;
                            /** Format: uuid */
                            job_id: string;
                            model: string | null;
                            provider: string | null;
                            source: string;
                            started_at: string | null;
                            stats: {
                                [key: string]: number;
                            };
                            status: "queued" | "running" | "succeeded" | "failed";
                            warnings: string[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the chunks of indexed documents (hybrid, vector or full text), with tags and memories as filters
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        document_ids?: string[];
                        /** @description A folder id, or null for documents in no folder */
                        folder_id?: string | null;
                        memory_ids?: string[];
                        /** @default hybrid */
                        mode?: "hybrid" | "vector" | "fulltext";
                        query: string;
                        tags?: {
                            /** @description The document carries every one of these tags */
                            all?: string[];
                            /** @description The document carries at least one of these tags */
                            any?: string[];
                        };
                        /** @default 8 */
                        top_k?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                chunk_id: string;
                                /** Format: uuid */
                                document_id: string;
                                filename: string;
                                memory_id: string | null;
                                page: number | null;
                                score: number;
                                section: string | null;
                                /** @description The connector item the document is kept in sync with (the document's `source`); null for an uploaded document */
                                source: {
                                    /** Format: uuid */
                                    connector_id: string;
                                    external_id: string;
                                    url: string | null;
                                } | null;
                                tags: string[];
                                text: string;
                            }[];
                            mode: string;
                            query: string;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/reindex-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-embed every document not yet on the tenant's current embedding model, in the background
         * @description 202 with a new run; 200 with the active run when one is already moving the tenant to the same model (one active run per tenant). An active run to another model is cancelled and replaced. Progress: `GET /api/v1/documents/reindex-runs/{id}` and its `/events` stream.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: a run to the same model was already active, and this is it */
                            created: boolean;
                            run: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description Of those, documents whose vectors are now from the target model */
                                done: number;
                                error: string | null;
                                /** @description Documents not on the target model whose re-embedding failed (status error) */
                                failed: number;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed */
                                reason: "admin" | "profile" | "default_model";
                                remaining: number;
                                requested_by: {
                                    api_key_id: string | null;
                                    user_id: string | null;
                                };
                                started_at: string | null;
                                status: "queued" | "running" | "completed" | "cancelled" | "failed";
                                target_dimensions: number;
                                /** @description '<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder) */
                                target_model: string;
                                /** @description Documents with searchable vectors */
                                total: number;
                                /** Format: date-time */
                                updated_at: string;
                            };
                            /** Format: uuid */
                            run_id: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description false: a run to the same model was already active, and this is it */
                            created: boolean;
                            run: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description Of those, documents whose vectors are now from the target model */
                                done: number;
                                error: string | null;
                                /** @description Documents not on the target model whose re-embedding failed (status error) */
                                failed: number;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed */
                                reason: "admin" | "profile" | "default_model";
                                remaining: number;
                                requested_by: {
                                    api_key_id: string | null;
                                    user_id: string | null;
                                };
                                started_at: string | null;
                                status: "queued" | "running" | "completed" | "cancelled" | "failed";
                                target_dimensions: number;
                                /** @description '<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder) */
                                target_model: string;
                                /** @description Documents with searchable vectors */
                                total: number;
                                /** Format: date-time */
                                updated_at: string;
                            };
                            /** Format: uuid */
                            run_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/reindex-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's re-embedding runs, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description Of those, documents whose vectors are now from the target model */
                                done: number;
                                error: string | null;
                                /** @description Documents not on the target model whose re-embedding failed (status error) */
                                failed: number;
                                finished_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed */
                                reason: "admin" | "profile" | "default_model";
                                remaining: number;
                                requested_by: {
                                    api_key_id: string | null;
                                    user_id: string | null;
                                };
                                started_at: string | null;
                                status: "queued" | "running" | "completed" | "cancelled" | "failed";
                                target_dimensions: number;
                                /** @description '<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder) */
                                target_model: string;
                                /** @description Documents with searchable vectors */
                                total: number;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/reindex-runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress of a re-embedding run */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Of those, documents whose vectors are now from the target model */
                            done: number;
                            error: string | null;
                            /** @description Documents not on the target model whose re-embedding failed (status error) */
                            failed: number;
                            finished_at: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed */
                            reason: "admin" | "profile" | "default_model";
                            remaining: number;
                            requested_by: {
                                api_key_id: string | null;
                                user_id: string | null;
                            };
                            started_at: string | null;
                            status: "queued" | "running" | "completed" | "cancelled" | "failed";
                            target_dimensions: number;
                            /** @description '<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder) */
                            target_model: string;
                            /** @description Documents with searchable vectors */
                            total: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/reindex-runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a re-embedding run (documents already being re-embedded finish) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Of those, documents whose vectors are now from the target model */
                            done: number;
                            error: string | null;
                            /** @description Documents not on the target model whose re-embedding failed (status error) */
                            failed: number;
                            finished_at: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed */
                            reason: "admin" | "profile" | "default_model";
                            remaining: number;
                            requested_by: {
                                api_key_id: string | null;
                                user_id: string | null;
                            };
                            started_at: string | null;
                            status: "queued" | "running" | "completed" | "cancelled" | "failed";
                            target_dimensions: number;
                            /** @description '<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder) */
                            target_model: string;
                            /** @description Documents with searchable vectors */
                            total: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/reindex-runs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events of a re-embedding run: progress until it ends
         * @description Events: `progress` (the run, as `GET /reindex-runs/{id}` shows it) at once and whenever it changes, then `done` (the run in its final status: completed, cancelled or failed), after which the server closes the stream. A `: ping` comment is sent every 15 seconds.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An event stream (text/event-stream) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's events of the last 30 days, newest first
         * @description Filter by `type` and by `since` (at or after that time). Events older than 30 days are not listed, whether or not they are purged yet.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Only events created at or after this time (within the last 30 days) */
                    since?: string;
                    skip?: number;
                    type?: "document.indexed" | "document.failed" | "document.deleted" | "batch.completed" | "reindex.completed" | "feedback.created" | "app.installed" | "app.uninstalled" | "user.invited" | "user.joined" | "api_key.created" | "api_key.revoked" | "llm.provider.health_changed" | "endpoint.disabled" | "connector.run.completed" | "connector.run.failed" | "webhook.test";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                created_at: string;
                                /** @description The type's payload: ids, names, statuses and counts, never a secret or a document's text */
                                data: {
                                    [key: string]: unknown;
                                };
                                /** @description evt_ and 26 base32 characters; the webhook-id header of its deliveries */
                                id: string;
                                /** Format: uuid */
                                tenant_id: string;
                                type: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event of the last 30 days */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description evt_ and 26 base32 characters */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            /** @description The type's payload: ids, names, statuses and counts, never a secret or a document's text */
                            data: {
                                [key: string]: unknown;
                            };
                            /** @description evt_ and 26 base32 characters; the webhook-id header of its deliveries */
                            id: string;
                            /** Format: uuid */
                            tenant_id: string;
                            type: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rate an answer up or down (201); rating it again replaces the rating (200) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        comment?: string | null;
                        /**
                         * Format: uuid
                         * @description The answer (an assistant message) being rated
                         */
                        message_id: string;
                        rating: "up" | "down";
                        /** @description e.g. "wrong", "incomplete", "wrong source" */
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            comment: string | null;
                            /** Format: uuid */
                            conversation_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            feedback_id: string;
                            /** Format: uuid */
                            message_id: string;
                            /** @description The model that wrote the rated answer */
                            model: string | null;
                            principal: {
                                /** Format: uuid */
                                id: string;
                                kind: "user" | "api_key";
                            };
                            rating: "up" | "down";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            comment: string | null;
                            /** Format: uuid */
                            conversation_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: uuid */
                            feedback_id: string;
                            /** Format: uuid */
                            message_id: string;
                            /** @description The model that wrote the rated answer */
                            model: string | null;
                            principal: {
                                /** Format: uuid */
                                id: string;
                                kind: "user" | "api_key";
                            };
                            rating: "up" | "down";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Feedback with the rated question, answer and citations, newest first (the caller's; admins: the tenant's) */
        get: {
            parameters: {
                query?: {
                    conversation_id?: string;
                    limit?: number;
                    rating?: "up" | "down";
                    /** @description Feedback given or changed at or after this time */
                    since?: string;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                answer: string;
                                answer_status: "complete" | "incomplete" | "error";
                                citations: {
                                    /** Format: uuid */
                                    chunk_id: string;
                                    /** Format: uuid */
                                    document_id: string;
                                    filename: string;
                                    /** @description The number the answer cites it by: [n] */
                                    n: number;
                                    page: number | null;
                                    /** @description The rerank score when the sources were reranked, else the fused retrieval score */
                                    score: number;
                                    section: string | null;
                                    /** @description The beginning of the chunk (at most 500 characters) */
                                    snippet: string;
                                    /** @description The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document */
                                    source?: {
                                        /** Format: uuid */
                                        connector_id: string;
                                        external_id: string;
                                        url: string | null;
                                    } | null;
                                }[];
                                comment: string | null;
                                /** Format: uuid */
                                conversation_id: string;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                feedback_id: string;
                                /** Format: uuid */
                                message_id: string;
                                /** @description The model that wrote the rated answer */
                                model: string | null;
                                principal: {
                                    /** Format: uuid */
                                    id: string;
                                    kind: "user" | "api_key";
                                };
                                question: string | null;
                                rating: "up" | "down";
                                tags: string[];
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Up and down counts per UTC day and per model over the last `days` days */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            by_day: {
                                /** @description UTC day, YYYY-MM-DD */
                                date: string;
                                down: number;
                                up: number;
                            }[];
                            by_model: {
                                down: number;
                                model: string | null;
                                up: number;
                            }[];
                            days: number;
                            /** Format: date-time */
                            since: string;
                            total: {
                                down: number;
                                up: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List folders
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Only the children of this folder; `null` for root folders; omitted for all */
                    parent_id?: string | "null";
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description Documents directly in this folder */
                                document_count: number;
                                /**
                                 * Format: uuid
                                 * @description Same as id
                                 */
                                folder_id: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                                parent_id: string | null;
                                /** @description Folders directly below this one */
                                subfolder_count: number;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a folder */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @description Parent folder; omitted or null for a root folder */
                        parent_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Documents directly in this folder */
                            document_count: number;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            folder_id: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            parent_id: string | null;
                            /** @description Folders directly below this one */
                            subfolder_count: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One folder
         * @description App access tokens are accepted when the installation was granted `documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Documents directly in this folder */
                            document_count: number;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            folder_id: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            parent_id: string | null;
                            /** @description Folders directly below this one */
                            subfolder_count: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a folder; a non-empty one needs ?cascade=true (409 otherwise) */
        delete: {
            parameters: {
                query?: {
                    /** @description Delete a non-empty folder with its subfolders and (hard) their documents */
                    cascade?: boolean;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename or move a folder (a move into its own subtree is refused with 422) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** @description Moves the folder; null moves it to the root */
                        parent_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description Documents directly in this folder */
                            document_count: number;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            folder_id: string;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            parent_id: string | null;
                            /** @description Folders directly below this one */
                            subfolder_count: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/llm/audio/transcriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transcribe audio (base64 in JSON, at most 25 MB of audio)
         * @deprecated
         * @description App access tokens are accepted when the installation was granted `chat:query` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The audio file, base64 (a data: URL prefix is accepted); at most 25 MB decoded */
                        audio_base64: string;
                        filename?: string;
                        /** @description ISO-639-1 hint, e.g. en, fr */
                        language?: string;
                        /** @description model_name of the catalog, or the model UUID */
                        model: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cost_usd: number | null;
                            duration: number | null;
                            language: string | null;
                            latency_ms: number;
                            model: string;
                            provider: string;
                            text: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Chat completion with the tenant's provider key
         * @deprecated
         * @description With stream: true the answer is text/event-stream (data: {"delta": "..."} events, a final event with usage and cost, then data: [DONE]).
         *
         *     App access tokens are accepted when the installation was granted `chat:query` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Also at most the model's max_output_tokens */
                        max_tokens?: number;
                        /** @description 1 to 500 messages; 1,000,000 characters in all */
                        messages: {
                            content: string;
                            role: "system" | "user" | "assistant";
                        }[];
                        /** @description model_name of the catalog, or the model UUID */
                        model: string;
                        /**
                         * @description Answer as text/event-stream: data: {"delta"} events, a final event with usage and cost, then data: [DONE]
                         * @default false
                         */
                        stream?: boolean;
                        temperature?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            content: string;
                            cost_usd: number | null;
                            finish_reason: string;
                            id: string;
                            latency_ms: number;
                            model: string;
                            provider: string;
                            usage: {
                                completion_tokens: number;
                                prompt_tokens: number;
                                total_tokens: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's failed provider calls, newest first
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only the errors of this document's background work */
                    document_id?: string;
                    error_code?: string;
                    limit?: number;
                    provider?: string;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                api_key_id: string | null;
                                /** Format: date-time */
                                created_at: string;
                                document_id: string | null;
                                /** @description rate_limited, quota_exceeded, invalid_key, bad_request, provider_error, timeout, malformed_response, stream_interrupted, connection_error */
                                error_code: string;
                                /** Format: uuid */
                                id: string;
                                job_id: string | null;
                                message: string;
                                model: string | null;
                                provider: string;
                                request_id: string | null;
                                status_code: number | null;
                                user_id: string | null;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/errors/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts of the tenant's failed provider calls per provider, error code and day
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            by_day: {
                                count: number;
                                /** Format: date */
                                date: string;
                            }[];
                            by_error_code: {
                                [key: string]: number;
                            };
                            by_provider: {
                                [key: string]: number;
                            };
                            days: number;
                            /**
                             * Format: date-time
                             * @description Start of the window: midnight UTC, days - 1 days ago
                             */
                            since: string;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/images/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate images
         * @deprecated
         * @description App access tokens are accepted when the installation was granted `chat:query` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description model_name of the catalog, or the model UUID */
                        model: string;
                        /** @default 1 */
                        n?: number;
                        prompt: string;
                        /** @description WIDTHxHEIGHT, e.g. 1024x1024 */
                        size?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cost_usd: number | null;
                            created: number;
                            images: {
                                b64_json: string;
                                media_type: string;
                            }[];
                            latency_ms: number;
                            model: string;
                            provider: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models of one mode with costs and the tenant status
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    enabled_only?: boolean;
                    mode?: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                    provider?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            models: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/models/{model_id}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The model's access rules for the tenant
         * @deprecated
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description UUID or model_name (URL-encode "/" as %2F) */
                    model_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            model_id: string;
                            model_name: string;
                            /** @description false: no rule, every principal of the tenant may use the model */
                            restricted: boolean;
                            rules: {
                                /** Format: date-time */
                                created_at: string;
                                principal_id: string;
                                /** @enum {unknown} */
                                principal_type: "user" | "role" | "api_key";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        /**
         * Replace all access rules of the model (idempotent)
         * @deprecated
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description UUID or model_name (URL-encode "/" as %2F) */
                    model_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the complete new rule set; empty = open to the whole tenant */
                        rules: {
                            /** @description user id, role name or API key id */
                            principal_id: string;
                            /** @enum {unknown} */
                            principal_type: "user" | "role" | "api_key";
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            model_id: string;
                            model_name: string;
                            /** @description false: no rule, every principal of the tenant may use the model */
                            restricted: boolean;
                            rules: {
                                /** Format: date-time */
                                created_at: string;
                                principal_id: string;
                                /** @enum {unknown} */
                                principal_type: "user" | "role" | "api_key";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove all access rules: the model is open to the whole tenant
         * @deprecated
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description UUID or model_name (URL-encode "/" as %2F) */
                    model_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/models/{model_id}/preference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Enable or disable a model for the tenant, or make it the default of its mode
         * @deprecated
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description UUID or model_name (URL-encode "/" as %2F) */
                    model_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true also enables the model and unsets the previous default of its mode */
                        is_default?: boolean;
                        is_enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            is_default: boolean;
                            is_enabled: boolean;
                            /** @enum {unknown} */
                            mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                            /** Format: uuid */
                            model_id: string;
                            model_name: string;
                            provider: string;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/llm/models/{model_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a model with one small call using the tenant's key
         * @deprecated
         * @description A provider failure is reported as success: false with the reason; an unknown, disabled or unconfigured model is an error.
         *
         *     App access tokens are accepted when the installation was granted `chat:query` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    model_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string;
                                detail: string;
                                status_code: number | null;
                            } | null;
                            estimated_cost: number | null;
                            latency_ms: number;
                            model: string;
                            provider: string;
                            response: string | null;
                            success: boolean;
                            usage: {
                                completion_tokens: number;
                                prompt_tokens: number;
                                total_tokens: number;
                            } | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/models/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole catalog with its providers and modes
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    mode?: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                    provider?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            models: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                            }[];
                            modes: ("chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation")[];
                            providers: string[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Providers with configuration status, model count and modes
         * @deprecated
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            providers: {
                                base_url: string | null;
                                isConfigured: boolean;
                                key_hint: string | null;
                                model_count: number;
                                modes: ("chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation")[];
                                provider: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/providers/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of each provider for this tenant's keys
         * @deprecated
         * @description One entry per catalog provider. A status is kept for 5 minutes; after that, listing probes the provider (its model list, with the key) when a key is configured. Failed calls (429, 401/403, 5xx, timeouts) update the status at once and the next successful call sets it back to ok. Unconfigured providers are unknown.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cache_ttl_seconds: number;
                            providers: {
                                checked_at: string | null;
                                /** @description The tenant has a key for this provider */
                                configured: boolean;
                                last_error: string | null;
                                latency_ms: number | null;
                                provider: string;
                                status: "ok" | "rate_limited" | "quota_exceeded" | "invalid_key" | "error" | "unknown";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/llm/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated alias of GET /api/v2/llm/usage
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every day of the window, zeros included */
                            by_day: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                /** Format: date */
                                date: string;
                                prompt_tokens: number;
                            }[];
                            /** @description Most expensive first */
                            by_model: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                model: string;
                                prompt_tokens: number;
                                provider: string;
                            }[];
                            days: number;
                            /**
                             * Format: date-time
                             * @description Start of the window: midnight UTC, days - 1 days ago
                             */
                            since: string;
                            totals: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                prompt_tokens: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mail/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's outgoing mail (newest first), without bodies
         * @description Status `outbox`: mail is not configured (no SMTP_URL), nothing was sent. Bodies are never listed (they hold sign-in codes and links); an invitation's link is issued by POST /api/v1/users/invitations/{id}/link.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                /** @description invitation, login_code, password_reset, … */
                                kind: string;
                                sent_at: string | null;
                                /** @description outbox (mail not configured: not sent), queued, sent or failed */
                                status: string;
                                subject: string;
                                to: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memories with their document counts
         * @description App access tokens are accepted when the installation was granted `knowledge_bases:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                created_at: string;
                                description: string;
                                document_count: number;
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description Same as id
                                 */
                                memory_id: string;
                                name: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a memory (knowledge base) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            document_count: number;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            memory_id: string;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One memory
         * @description App access tokens are accepted when the installation was granted `knowledge_bases:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            document_count: number;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            memory_id: string;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a memory; its documents are detached, or deleted with ?cascade=true */
        delete: {
            parameters: {
                query?: {
                    /** @description Also hard-delete the documents of the memory (irreversible); otherwise they are detached */
                    cascade?: boolean;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename or describe a memory */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            document_count: number;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description Same as id
                             */
                            memory_id: string;
                            name: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/oauth-clients/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's OAuth clients */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                client_id: string;
                                confidential: boolean;
                                /** Format: date-time */
                                created_at: string;
                                first_party: boolean;
                                logo_url: string | null;
                                name: string;
                                post_logout_redirect_uris: string[];
                                redirect_uris: string[];
                                scopes: string[];
                                tenant_id: string | null;
                                /** @description `client_secret_basic` (or `client_secret_post`) for confidential clients, `none` for public ones */
                                token_endpoint_auth_method: string;
                                /** Format: date-time */
                                updated_at: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Register an OAuth client of the tenant (a confidential client's secret is shown once)
         * @description The client serves users of this tenant only, and always asks them for consent (first-party clients are registered by the operator). Redirect URIs are matched exactly at the authorization endpoint.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true: a server-side app with a secret (shown once). false (default): a public app (PKCE S256 required) */
                        confidential?: boolean;
                        logo_url?: string | null;
                        name: string;
                        /** @description Where GET /api/auth/logout may send the browser afterwards */
                        post_logout_redirect_uris?: string[];
                        /** @description Exact callback URLs: https, http on a loopback host, or a private-use scheme (com.example.app:/cb); no fragment, no user-info */
                        redirect_uris: string[];
                        /** @description Scopes the client may ask for (openid required); default every scope but admin */
                        scopes?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            /** @description Shown once; null for a public client */
                            client_secret: string | null;
                            confidential: boolean;
                            /** Format: date-time */
                            created_at: string;
                            first_party: boolean;
                            logo_url: string | null;
                            name: string;
                            post_logout_redirect_uris: string[];
                            redirect_uris: string[];
                            scopes: string[];
                            tenant_id: string | null;
                            /** @description `client_secret_basic` (or `client_secret_post`) for confidential clients, `none` for public ones */
                            token_endpoint_auth_method: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-clients/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One OAuth client of the tenant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    client_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            confidential: boolean;
                            /** Format: date-time */
                            created_at: string;
                            first_party: boolean;
                            logo_url: string | null;
                            name: string;
                            post_logout_redirect_uris: string[];
                            redirect_uris: string[];
                            scopes: string[];
                            tenant_id: string | null;
                            /** @description `client_secret_basic` (or `client_secret_post`) for confidential clients, `none` for public ones */
                            token_endpoint_auth_method: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an OAuth client: every token issued to it stops working at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    client_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change an OAuth client: name, logo, redirect and post-logout URIs, allowed scopes */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    client_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        logo_url?: string | null;
                        name?: string;
                        /** @description Replaces the list */
                        post_logout_redirect_uris?: string[];
                        /** @description Replaces the list */
                        redirect_uris?: string[];
                        /** @description Scopes the client may ask for (openid required); default every scope but admin */
                        scopes?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            client_id: string;
                            confidential: boolean;
                            /** Format: date-time */
                            created_at: string;
                            first_party: boolean;
                            logo_url: string | null;
                            name: string;
                            post_logout_redirect_uris: string[];
                            redirect_uris: string[];
                            scopes: string[];
                            tenant_id: string | null;
                            /** @description `client_secret_basic` (or `client_secret_post`) for confidential clients, `none` for public ones */
                            token_endpoint_auth_method: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/rich-documents/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rich documents, most recently changed first (without content)
         * @description App access tokens are accepted when the installation was granted `rich_documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Users and API keys: only this installation's documents (all of the tenant's otherwise) */
                    installation_id?: string;
                    limit?: number;
                    /** @description Part of the title (case-insensitive) */
                    search?: string;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                created_at: string;
                                created_by: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                                indexed_document_id: string | null;
                                /** Format: uuid */
                                installation_id: string;
                                title: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The current version */
                                version: number;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a rich document (version 1)
         * @description The content is a node tree (see the schema); a malformed one is 422 `rich_document_invalid` with every problem and its JSON pointer, an over-large one 413. Users and API keys name the installation with `installation_id`.
         *
         *     App access tokens are accepted when the installation was granted `rich_documents:write` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A ProseMirror-style node tree: {"type": "doc", "content": [...]}. Node types: doc, paragraph, heading, blockquote, code_block, horizontal_rule, bullet_list, ordered_list, list_item, text, hard_break, image; marks: strong, em, code, strike, underline, link. At most 48 levels, 20000 nodes and 524288 bytes; images point to https URLs or asset:<asset id>. */
                        content: unknown;
                        /**
                         * Format: uuid
                         * @description The installation the document belongs to. Required of users and API keys; an app token uses its own.
                         */
                        installation_id?: string;
                        /** @description Shown in lists; `search` matches it */
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to the document */
                            asset_ids: string[];
                            /** @description The node tree of the current version */
                            content: unknown;
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                            indexed_document_id: string | null;
                            /** Format: uuid */
                            installation_id: string;
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The current version */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rich-documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A rich document at its current version
         * @description App access tokens are accepted when the installation was granted `rich_documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to the document */
                            asset_ids: string[];
                            /** @description The node tree of the current version */
                            content: unknown;
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                            indexed_document_id: string | null;
                            /** Format: uuid */
                            installation_id: string;
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The current version */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        /**
         * Save a new version (immutable)
         * @description When `base_version` is not the current version: 409 `rich_document_version_conflict`, with the document as it is now in `current`. Versions beyond the manifest's `max_versions` are dropped, oldest first.
         *
         *     App access tokens are accepted when the installation was granted `rich_documents:write` (CORS for the app's origin).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version this edit starts from; if it is no longer the current one: 409 with `current` */
                        base_version: number;
                        /** @description A ProseMirror-style node tree: {"type": "doc", "content": [...]}. Node types: doc, paragraph, heading, blockquote, code_block, horizontal_rule, bullet_list, ordered_list, list_item, text, hard_break, image; marks: strong, em, code, strike, underline, link. At most 48 levels, 20000 nodes and 524288 bytes; images point to https URLs or asset:<asset id>. */
                        content: unknown;
                        /** @description Shown in lists; `search` matches it */
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to the document */
                            asset_ids: string[];
                            /** @description The node tree of the current version */
                            content: unknown;
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                            indexed_document_id: string | null;
                            /** Format: uuid */
                            installation_id: string;
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The current version */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            current: {
                                /** @description Assets attached to the document */
                                asset_ids: string[];
                                /** @description The node tree of the current version */
                                content: unknown;
                                /** Format: date-time */
                                created_at: string;
                                created_by: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                                indexed_document_id: string | null;
                                /** Format: uuid */
                                installation_id: string;
                                title: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The current version */
                                version: number;
                            };
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a rich document with its versions (and its search copy)
         * @description App access tokens are accepted when the installation was granted `rich_documents:write` (CORS for the app's origin).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rich-documents/{document_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The versions kept, newest first (without content)
         * @description App access tokens are accepted when the installation was granted `rich_documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path: {
                    document_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                created_at: string;
                                created_by: string | null;
                                /** @description The version this one restored */
                                restored_from: number | null;
                                size_bytes: number;
                                title: string;
                                version: number;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rich-documents/{document_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version, with its content
         * @description App access tokens are accepted when the installation was granted `rich_documents:read` (CORS for the app's origin).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                    /** @description A version number */
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            content: unknown;
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** Format: uuid */
                            document_id: string;
                            /** @description The version this one restored */
                            restored_from: number | null;
                            size_bytes: number;
                            title: string;
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rich-documents/{document_id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a version: its title and content become a new version
         * @description App access tokens are accepted when the installation was granted `rich_documents:write` (CORS for the app's origin).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    document_id: string;
                    /** @description A version number */
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description When given, the restore happens only if this is still the current version (409 otherwise) */
                        base_version?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Assets attached to the document */
                            asset_ids: string[];
                            /** @description The node tree of the current version */
                            content: unknown;
                            /** Format: date-time */
                            created_at: string;
                            created_by: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                            indexed_document_id: string | null;
                            /** Format: uuid */
                            installation_id: string;
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** @description The current version */
                            version: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            current: {
                                /** @description Assets attached to the document */
                                asset_ids: string[];
                                /** @description The node tree of the current version */
                                content: unknown;
                                /** Format: date-time */
                                created_at: string;
                                created_by: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents */
                                indexed_document_id: string | null;
                                /** Format: uuid */
                                installation_id: string;
                                title: string;
                                /** Format: date-time */
                                updated_at: string;
                                /** @description The current version */
                                version: number;
                            };
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rich-documents/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the tenant's rich documents are copied into its documents for search */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Rich documents are copied as plain text into the tenant's documents (tagged `rich-document` and `app:<manifest id>`), so search and chat find them */
                            index_in_search: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        /**
         * Make the tenant's rich documents searchable, or stop
         * @description On: every rich document of an active installation gets a plain-text copy among the tenant's documents (tagged `rich-document` and `app:<manifest id>`), indexed like an upload and kept in step with each new version, so search and chat find it. Off: every copy is deleted. Off by default.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Rich documents are copied as plain text into the tenant's documents (tagged `rich-document` and `app:<manifest id>`), so search and chat find them */
                        index_in_search: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Rich documents are copied as plain text into the tenant's documents (tagged `rich-document` and `app:<manifest id>`), so search and chat find them */
                            index_in_search: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the users of the tenant
         * @description `search` matches part of the e-mail or name; `role` and `status` filter exactly.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    role?: "owner" | "admin" | "member" | "viewer";
                    /** @description Part of the e-mail or name (case-insensitive); empty matches everyone */
                    search?: string;
                    skip?: number;
                    status?: "active" | "disabled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                created_at: string;
                                email: string;
                                /** Format: uuid */
                                id: string;
                                last_login_at: string | null;
                                name: string;
                                /** @description owner, admin, member or viewer */
                                role: string;
                                /** @description active or disabled */
                                status: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create a user in the tenant */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        name?: string;
                        /** @description The password policy applies (docs/permissions.md) */
                        password: string;
                        role: "owner" | "admin" | "member" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            last_login_at: string | null;
                            name: string;
                            /** @description owner, admin, member or viewer */
                            role: string;
                            /** @description active or disabled */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user of the tenant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            last_login_at: string | null;
                            name: string;
                            /** @description owner, admin, member or viewer */
                            role: string;
                            /** @description active or disabled */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Only an owner removes an owner; the last active owner cannot be deleted (409 `last_owner`).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename, change the role of, disable or enable a user
         * @description Only an owner changes an owner or grants `owner`; the last active owner cannot be demoted or disabled (409 `last_owner`). Disabling ends the user's sessions and refuses its access tokens at once.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        role?: "owner" | "admin" | "member" | "viewer";
                        status?: "active" | "disabled";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            last_login_at: string | null;
                            name: string;
                            /** @description owner, admin, member or viewer */
                            role: string;
                            /** @description active or disabled */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the invitations of the tenant (newest first) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                accepted_at: string | null;
                                created_at: string;
                                /** @description On create and resend: `queued` (SMTP sends the mail shortly) or `outbox` (mail is not configured: nothing was sent; get the link with POST /api/v1/users/invitations/{id}/link and pass it on yourself) */
                                delivery?: "queued" | "outbox";
                                email: string;
                                expires_at: string;
                                /** Format: uuid */
                                id: string;
                                inviter_name: string;
                                name: string;
                                /** @description owner, admin, member or viewer */
                                role: string;
                                /** @description pending, accepted, revoked or expired */
                                status: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite someone by e-mail
         * @description Mails a single-use link (`PUBLIC_BASE_URL/accept-invitation?token=…`). A role above the inviter's is 403; an e-mail that already has an account is 409; a second invitation to the same e-mail replaces the first. The mail budgets per address and per client IP apply (429, docs/configuration.md).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        name?: string;
                        role: "owner" | "admin" | "member" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted_at: string | null;
                            created_at: string;
                            /** @description On create and resend: `queued` (SMTP sends the mail shortly) or `outbox` (mail is not configured: nothing was sent; get the link with POST /api/v1/users/invitations/{id}/link and pass it on yourself) */
                            delivery?: "queued" | "outbox";
                            email: string;
                            expires_at: string;
                            /** Format: uuid */
                            id: string;
                            inviter_name: string;
                            name: string;
                            /** @description owner, admin, member or viewer */
                            role: string;
                            /** @description pending, accepted, revoked or expired */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation (its link stops working) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/invitations/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a pending invitation's link to pass on yourself (only while mail is not configured)
         * @description For an invitation whose mail waits in the outbox (no SMTP_URL). Only the token's hash is stored, so each call issues a new link for the same invitation (same role and expiry) and the previous link stops working; audited as `user.invitation_link_issued`. 409 `invitation_link_unavailable` when mail is configured, 409 `invitation_not_pending` for an accepted, revoked or expired invitation.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The single-use accept link; a new one each call (the previous link stops working) */
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an invitation again (a new link and lifetime; the old link stops working) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accepted_at: string | null;
                            created_at: string;
                            /** @description On create and resend: `queued` (SMTP sends the mail shortly) or `outbox` (mail is not configured: nothing was sent; get the link with POST /api/v1/users/invitations/{id}/link and pass it on yourself) */
                            delivery?: "queued" | "outbox";
                            email: string;
                            expires_at: string;
                            /** Format: uuid */
                            id: string;
                            inviter_name: string;
                            name: string;
                            /** @description owner, admin, member or viewer */
                            role: string;
                            /** @description pending, accepted, revoked or expired */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints (never their secrets) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                created_at: string;
                                description: string | null;
                                /** @description Why the service disabled the endpoint; null when enabled or disabled by an admin */
                                disabled_reason: string | null;
                                enabled: boolean;
                                event_types: string[];
                                /** @description The first failed attempt since the last success */
                                failing_since: string | null;
                                /** @description A rotated-out secret still signs beside the current one */
                                has_previous_secret: boolean;
                                /** Format: uuid */
                                id: string;
                                updated_at: string;
                                url: string;
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a webhook endpoint (its signing secret is shown once)
         * @description The URL must be https (http only to a loopback host when the operator sets WEBHOOK_ALLOW_HTTP_LOOPBACK) and pass the same address policy as provider base URLs (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS). At most WEBHOOK_ENDPOINTS_MAX per tenant.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        /** @description Default true */
                        enabled?: boolean;
                        /** @description The event types sent to the endpoint, or ["*"] for every type (then alone) */
                        event_types: ("document.indexed" | "document.failed" | "document.deleted" | "batch.completed" | "reindex.completed" | "feedback.created" | "app.installed" | "app.uninstalled" | "user.invited" | "user.joined" | "api_key.created" | "api_key.revoked" | "llm.provider.health_changed" | "endpoint.disabled" | "connector.run.completed" | "connector.run.failed" | "*")[];
                        /** @description https (http only to a loopback host, when the operator allows it); no user name or password; a public address */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            description: string | null;
                            /** @description Why the service disabled the endpoint; null when enabled or disabled by an admin */
                            disabled_reason: string | null;
                            enabled: boolean;
                            event_types: string[];
                            /** @description The first failed attempt since the last success */
                            failing_since: string | null;
                            /** @description A rotated-out secret still signs beside the current one */
                            has_previous_secret: boolean;
                            /** Format: uuid */
                            id: string;
                            /** @description whsec_ and the base64 key (Standard Webhooks); shown this once */
                            secret: string;
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint (never its secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            description: string | null;
                            /** @description Why the service disabled the endpoint; null when enabled or disabled by an admin */
                            disabled_reason: string | null;
                            enabled: boolean;
                            event_types: string[];
                            /** @description The first failed attempt since the last success */
                            failing_since: string | null;
                            /** @description A rotated-out secret still signs beside the current one */
                            has_previous_secret: boolean;
                            /** Format: uuid */
                            id: string;
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a webhook endpoint; enabling a disabled one resumes its deliveries */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        /** @description true re-enables a disabled endpoint (clearing disabled_reason and failing_since) */
                        enabled?: boolean;
                        /** @description The event types sent to the endpoint, or ["*"] for every type (then alone) */
                        event_types?: ("document.indexed" | "document.failed" | "document.deleted" | "batch.completed" | "reindex.completed" | "feedback.created" | "app.installed" | "app.uninstalled" | "user.invited" | "user.joined" | "api_key.created" | "api_key.revoked" | "llm.provider.health_changed" | "endpoint.disabled" | "connector.run.completed" | "connector.run.failed" | "*")[];
                        /** @description https (http only to a loopback host, when the operator allows it); no user name or password; a public address */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created_at: string;
                            description: string | null;
                            /** @description Why the service disabled the endpoint; null when enabled or disabled by an admin */
                            disabled_reason: string | null;
                            enabled: boolean;
                            event_types: string[];
                            /** @description The first failed attempt since the last success */
                            failing_since: string | null;
                            /** @description A rotated-out secret still signs beside the current one */
                            has_previous_secret: boolean;
                            /** Format: uuid */
                            id: string;
                            updated_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's deliveries, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    skip?: number;
                    status?: "pending" | "succeeded" | "failed" | "cancelled";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description Attempts made so far (nine at most, then `failed`; a manual retry adds one) */
                                attempts: number;
                                /** Format: date-time */
                                created_at: string;
                                delivered_at: string | null;
                                error: string | null;
                                event_id: string;
                                event_type: string;
                                /** Format: uuid */
                                id: string;
                                last_attempt_at: string | null;
                                latency_ms: number | null;
                                next_attempt_at: string | null;
                                response_body: string | null;
                                response_status: number | null;
                                status: "pending" | "succeeded" | "failed" | "cancelled";
                            }[];
                            limit: number;
                            skip: number;
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description The delivery becomes pending and due at once; its attempts so far are kept. 409 `delivery_pending` when it already is pending.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    delivery_id: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Attempts made so far (nine at most, then `failed`; a manual retry adds one) */
                            attempts: number;
                            /** Format: date-time */
                            created_at: string;
                            delivered_at: string | null;
                            error: string | null;
                            event_id: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            last_attempt_at: string | null;
                            latency_ms: number | null;
                            next_attempt_at: string | null;
                            response_body: string | null;
                            response_status: number | null;
                            status: "pending" | "succeeded" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the events of a time range to the endpoint again
         * @description A new pending delivery for every event created since `since` (until `until`) of a type the endpoint takes; at most 10 000 per call (422 beyond). The log keeps 30 days.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Events created at or after this time (the log keeps 30 days)
                         */
                        since: string;
                        /**
                         * Format: date-time
                         * @description Events created at or before this time; now when left out
                         */
                        until?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description New pending deliveries, one per event */
                            deliveries: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret (shown once); the previous one keeps signing beside it for 24 hours */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Until then deliveries are signed with the previous secret too */
                            previous_secret_expires_at: string;
                            /** @description whsec_ and the base64 key (Standard Webhooks); shown this once */
                            secret: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint only */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            event_id: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All models grouped by mode, each with its enabled flag */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            audio_speech: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            audio_transcription: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            chat: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            embedding: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            enabled_total: number;
                            image_generation: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            moderation: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            rerank: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/models/{model_name}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove the tenant's preference (the model record is kept) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description model_name (URL-encode "/" as %2F) */
                    model_name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            is_enabled: false;
                            /** Format: uuid */
                            model_id: string;
                            model_name: string;
                            /** @description false when the tenant had no preference for the model */
                            preference_removed: boolean;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/models/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a catalog model for the tenant */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        is_default?: boolean;
                        model_name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            is_default: boolean;
                            is_enabled: boolean;
                            /** @enum {unknown} */
                            mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                            /** @description true when the model record was created by this call */
                            model_created: boolean;
                            /** Format: uuid */
                            model_id: string;
                            model_name: string;
                            provider: string;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/models/flat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models as one list, filtered by mode, provider, enabled */
        get: {
            parameters: {
                query?: {
                    enabled_only?: boolean;
                    mode?: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                    provider?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            models: {
                                cached_input_cost_per_token: number | null;
                                capabilities: {
                                    [key: string]: boolean;
                                };
                                cost_per_character: number | null;
                                cost_per_image: number | null;
                                cost_per_query: number | null;
                                cost_per_second: number | null;
                                deprecation_date: string | null;
                                /**
                                 * @deprecated
                                 * @description Alias of is_enabled, kept for earlier clients
                                 */
                                enabled: boolean;
                                /** Format: uuid */
                                id: string;
                                /** @description false once the catalog no longer lists the model (kept for tenants using it) */
                                in_catalog: boolean;
                                input_cost_per_token: number | null;
                                is_default: boolean;
                                /** @description Enabled for this tenant (every model is disabled until enabled) */
                                is_enabled: boolean;
                                max_input_tokens: number | null;
                                max_output_tokens: number | null;
                                /** @enum {unknown} */
                                mode: "chat" | "embedding" | "image_generation" | "audio_transcription" | "audio_speech" | "rerank" | "moderation";
                                model_name: string;
                                output_cost_per_token: number | null;
                                output_vector_size: number | null;
                                provider: string;
                                provider_configured: boolean;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Providers with their model count per mode */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            isConfigured: boolean;
                            model_count: number;
                            models_by_mode: {
                                audio_speech: number;
                                audio_transcription: number;
                                chat: number;
                                embedding: number;
                                image_generation: number;
                                moderation: number;
                                rerank: number;
                            };
                            provider: string;
                        }[];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/providers/{provider}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the tenant's key (and optional base URL) for a provider; the key is never returned */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description always required: changing base_url means sending the key again */
                        api_key: string;
                        base_url?: string | null;
                        organization?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            base_url: string | null;
                            isConfigured: boolean;
                            key_hint: string;
                            organization: string | null;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        post?: never;
        /** Delete the tenant's key for a provider */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/llm/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's provider calls, tokens and estimated cost per UTC day and per model */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every day of the window, zeros included */
                            by_day: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                /** Format: date */
                                date: string;
                                prompt_tokens: number;
                            }[];
                            /** @description Most expensive first */
                            by_model: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                model: string;
                                prompt_tokens: number;
                                provider: string;
                            }[];
                            days: number;
                            /**
                             * Format: date-time
                             * @description Start of the window: midnight UTC, days - 1 days ago
                             */
                            since: string;
                            totals: {
                                calls: number;
                                completion_tokens: number;
                                /** @description Estimated from the catalog's prices; calls of models without a price add 0 */
                                cost_usd: number;
                                prompt_tokens: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            detail: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `ok` or `unreachable` per dependency */
                            checks?: {
                                [key: string]: string;
                            };
                            /** @description `ready`, `degraded`, `starting`, `draining`, `database unreachable` or `data_dir unreachable` */
                            status: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics of this process (bearer METRICS_TOKEN; 404 when no token is configured) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The Prometheus text exposition format */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ready to serve: database reachable, data directory writable, not starting or draining; Redis and the object store reported (degraded when down) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `ok` or `unreachable` per dependency */
                            checks?: {
                                [key: string]: string;
                            };
                            /** @description `ready`, `degraded`, `starting`, `draining`, `database unreachable` or `data_dir unreachable` */
                            status: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `ok` or `unreachable` per dependency */
                            checks?: {
                                [key: string]: string;
                            };
                            /** @description `ready`, `degraded`, `starting`, `draining`, `database unreachable` or `data_dir unreachable` */
                            status: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Chat completion (OpenAI-compatible; stream: true gives chat.completion.chunk events and [DONE]) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        frequency_penalty?: number | null;
                        max_completion_tokens?: number | null;
                        max_tokens?: number | null;
                        messages: {
                            content: {
                                text: string;
                                /** @enum {string} */
                                type: "text";
                            }[] | string | null;
                            name?: string;
                            role: "system" | "developer" | "user" | "assistant";
                        }[];
                        model: string;
                        n?: 1 | null;
                        presence_penalty?: number | null;
                        seed?: number | null;
                        stop?: string | string[] | null;
                        stream?: boolean | null;
                        stream_options?: {
                            include_usage?: boolean;
                        } | null;
                        temperature?: number | null;
                        top_p?: number | null;
                        user?: string;
                    };
                };
            };
            responses: {
                /** @description Relayed from providers that speak OpenAI's protocol as they sent it (their id, model and any further fields); rebuilt in this shape for the others */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            choices: {
                                finish_reason: string;
                                index: number;
                                logprobs: null;
                                message: {
                                    content: string | null;
                                    refusal: string | null;
                                    /** @enum {string} */
                                    role: "assistant";
                                };
                            }[];
                            created: number;
                            id: string;
                            model: string;
                            /** @enum {string} */
                            object: "chat.completion";
                            system_fingerprint: string | null;
                            usage: {
                                completion_tokens: number;
                                prompt_tokens: number;
                                total_tokens: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Embeddings (OpenAI-compatible; float or base64) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        dimensions?: number;
                        encoding_format?: "float" | "base64";
                        /** @description Text or a list of texts (token arrays are not supported) */
                        input: string | string[];
                        model: string;
                        user?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                embedding: number[] | string;
                                index: number;
                                /** @enum {string} */
                                object: "embedding";
                            }[];
                            model: string;
                            /** @enum {string} */
                            object: "list";
                            usage: {
                                prompt_tokens: number;
                                total_tokens: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's usable models (enabled for the tenant, allowed by access rules) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                created: number;
                                id: string;
                                /** @enum {string} */
                                object: "model";
                                owned_by: string;
                            }[];
                            /** @enum {string} */
                            object: "list";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One usable model */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Model id as /v1/models lists it; may hold slashes (openai/gpt-oss-120b) */
                    model: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            created: number;
                            id: string;
                            /** @enum {string} */
                            object: "model";
                            owned_by: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
                /** @description Default Response */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                code: string | null;
                                message: string;
                                param: string | null;
                                type: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

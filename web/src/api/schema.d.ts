/**
 * Generated from the service's OpenAPI document by scripts/generate-web-types.ts
 * (npm run generate:web-types). Do not edit: change the routes' schemas and regenerate.
 */

export interface paths {
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process runs (no authentication, no database) */
        get: operations["livez"];
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
        /**
         * Readiness: database reachable, migrations applied, not stopping (no authentication)
         * @description Answers 503 with the same body when any check fails, and from the moment a stop begins (DRAIN_DELAY_MS).
         */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service index */
        get: operations["root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and configuration (no authentication)
         * @description Answers 503 with the same body when the database is unreachable.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether ingest can accept data (no authentication) */
        get: operations["ingestHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integration-guide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integration guide (v2.1), HTML viewer with navigation */
        get: operations["integrationGuide"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integration-guide.html": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integration guide as one standalone HTML file (inline styles, no external requests) */
        get: operations["integrationGuideHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integration-guide.md": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integration guide source (markdown) */
        get: operations["integrationGuideMarkdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integration-guide.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integration guide as PDF (generated from the same markdown) */
        get: operations["integrationGuidePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/partner/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Partner self sign-up (signed in at once)
         * @description Creates the partner with a test key, a live key and an ingest secret. Live keys are not production-enabled until an administrator activates the account. Answers a session like the login operation and sets the svc_session cookie. 409 when the email (case-insensitive) is taken.
         */
        post: operations["registerPartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/partner/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Partner sign-in with email and password
         * @description Answers {token, token_type: "bearer", expires_at, partner} and sets the HttpOnly, SameSite=Lax svc_session cookie; either authenticates later calls. Sessions last SESSION_TTL_HOURS (12 h). 5 failed attempts for an email (or from one address) within 15 minutes lock it for 15 minutes: 429 with Retry-After. An unknown email and a wrong password give the same 401.
         */
        post: operations["loginPartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/partner/key-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Partner sign-in by pasting an API key
         * @description The portal's second way in: any current key of the partner (test or live) opens a session that acts only in that key's environment (the other environment's key is shown masked and cannot be changed; usage of the other environment is 403). Failed attempts count against the client address.
         */
        post: operations["loginPartnerWithKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Administrator sign-in
         * @description Answers {token, token_type: "bearer", expires_at, admin} and sets the svc_session cookie. Same lockout as the partner sign-in.
         */
        post: operations["loginAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/partner/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the partner session
         * @description Deletes the presented session (Bearer token or cookie) and clears the cookie; the token stops working at once.
         */
        post: operations["logoutPartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the administrator session
         * @description Deletes the presented session (Bearer token or cookie) and clears the cookie; the token stops working at once.
         */
        post: operations["logoutAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overall status, components (from self-probes) and incidents
         * @description Component status, response_ms, uptime_30d and the 30-day history come from probes the service runs on itself (database, ingest write path, webhook delivery backlog), recorded over time. Open incidents raise the status of the components they name.
         */
        get: operations["platformStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public platform aggregates */
        get: operations["platformMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded status checks, newest first */
        get: operations["listStatusChecks"];
        put?: never;
        /**
         * Record a status check from a client (connectivity test)
         * @description Anonymous, so limited per client address like the other public writes (429 with Retry-After). Only the newest 1000 checks are kept.
         */
        post: operations["createStatusCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/changelog.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Changelog as JSON Feed 1.1 (newest first) */
        get: operations["changelogJsonFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/changelog.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Changelog as RSS 2.0 */
        get: operations["changelogRss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Blog categories with post counts */
        get: operations["blogCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Blog posts: newest first, or ranked by relevance with q
         * @description q is a full-text search (every word must match; prefixes and small typos match too), best match first. category filters by category slug.
         */
        get: operations["listBlogPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/posts/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One blog post with its content */
        get: operations["getBlogPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blog/posts/{slug}/related": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Posts sharing the category or tags of a post (never the post itself) */
        get: operations["relatedBlogPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to the team
         * @description Leave `website` empty: it is a spam trap. The operator is notified by email.
         */
        post: operations["contact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/request-deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for your personal data to be erased
         * @description Idempotent on email: while a request for the same email is open (pending or in progress), the same request_id is returned.
         */
        post: operations["requestDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The partner profile of the calling key */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The partner's ingest secret (server-side use only; never expose it to a browser) */
        get: operations["getSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calculate/safe-to-spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compute safe-to-spend without storing anything
         * @description Nothing is stored and no webhook fires. All arithmetic is done in integer cents.
         */
        post: operations["calculateSafeToSpend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage of the current month (UTC): calls, unique end-users and estimated bill, per environment
         * @description Counts are exact; calls made through other server processes appear within one flush interval (USAGE_FLUSH_MS, 1 s by default).
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The usage alert thresholds of the key's environment, the current values and what fired this month */
        get: operations["getUsageAlerts"];
        /** Sets the usage alert thresholds and notify email of the key's environment */
        put: operations["putUsageAlerts"];
        post?: never;
        /**
         * Clears every usage alert threshold of the key's environment
         * @description What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.
         */
        delete: operations["deleteUsageAlerts"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/calculations.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every cached calculation of the key's environment with its breakdown (CSV, oldest first) */
        get: operations["reportCalculationsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/usage.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Calls, unique end-users and estimated bill per month of the key's environment (CSV, oldest month first) */
        get: operations["reportUsageCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/webhooks.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook delivery log as CSV (environment of the key)
         * @description Columns: id, created_at, event_id, event_type, url, attempt, status, status_code, duration_ms, error, response_excerpt, next_attempt_at; newest first, streamed. `since` is inclusive; `until` is exclusive (a bare date includes that whole UTC day). Text cells that begin with =, +, -, @, tab or CR are prefixed with '. Delivery records are kept for the retention the `Webhook-Retention-Days` response header states (30 days unless the operator sets WEBHOOK_RETENTION_DAYS), counted from when their event was delivered or gave up; then the event and its records are deleted.
         */
        get: operations["exportWebhookDeliveriesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Compute, cache (latest wins) and fire calculation.updated */
        post: operations["ingestCalculation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest/calculations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cached calculations, newest first (keyset pagination) */
        get: operations["listCachedCalculations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest/calculation/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One end-user's cached calculation */
        get: operations["getCachedCalculation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest/user/{user_id}": {
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
         * Erase every stored trace of one end-user (GDPR)
         * @description Removes the cached calculation, pending events and every other row about this end-user in this environment. 404 when nothing was stored.
         */
        delete: operations["eraseEndUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a key: a new key is returned once; the old one fails on the very next request
         * @description Needs the partner key and X-Service-Ingest-Secret, so a leaked key alone cannot rotate. key_type sandbox = the test slot, production = the live slot. A key acts only in its own environment: a test key rotates the sandbox key, a live key the production key; the other is 403 (nothing changed).
         */
        post: operations["rotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook configuration of the key's environment */
        get: operations["getWebhookConfig"];
        put?: never;
        /**
         * Create or replace the webhook configuration (the signing secret is returned once)
         * @description The URL must be https and resolve to public addresses only. A new configuration answers its signing secret (whsec_…) in `secret`, this one time; updating an existing one keeps its secret (`secret` is null; rotate with POST /api/v1/webhooks/rotate-secret). Enabling clears a disablement caused by a 410 answer.
         */
        post: operations["setWebhookConfig"];
        /** Remove the webhook configuration (events not yet delivered are dropped) */
        delete: operations["deleteWebhookConfig"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New signing secret (returned once); the previous one also signs for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log: one record per attempt, newest first
         * @description Delivery records are kept for the retention the `Webhook-Retention-Days` response header states (30 days unless the operator sets WEBHOOK_RETENTION_DAYS), counted from when their event was delivered or gave up; then the event and its records are deleted.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery's event again, now, and answer the new attempt
         * @description The event goes to the current configuration, signed with the current secret(s). A success marks the event delivered; a failure leaves its retry schedule unchanged. 409 while the event is being delivered or when the endpoint is disabled.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a webhook.test event to the configured endpoint
         * @description Delivered like any other event (signed, retried, logged), whatever event types the configuration subscribes to. 409 when the endpoint is disabled.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/link/token/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a Link token for an end-user
         * @description Test keys get `link-sandbox-…` tokens that expire 4 hours after creation.
         */
        post: operations["createLinkToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a public token for the end-user's item and accounts
         * @description Records an `account_link` usage event. A public token is accepted once per partner: a second exchange answers 400.
         */
        post: operations["linkAccounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The end-user's accounts with their balances
         * @description Checking, savings and a credit card. Balances agree with the transactions (transfers included). The /v1 form omits `mask`.
         */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The end-user's transactions in a date window, newest first
         * @description Window start_date..end_date (default: the 30 days up to today). Pages of `limit` (1-100, default 10) from `offset`; `total` counts the whole window. Each returned transaction records a `transaction` usage event. The /v1 form is cursor-based instead (since, limit up to 500, cursor).
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move money (shape A or shape B)
         * @description Shape A {account_id, amount_cents, direction, description} answers {transfer_id, status: pending, …}; shape B {from_account_id, to_account_id, amount, currency, memo} answers {id, status: submitted, rail, estimated_settlement, …}. Idempotent for 24 hours on the Idempotency-Key header or the idempotency_key field: the same key and body give the first answer again, another body 422, a request still in flight 409. A debit above the available balance is answered with status `failed` and failure_reason insufficient_funds.
         */
        post: operations["createTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/insights/cashflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cash-flow forecast of the checking account
         * @description One point per day after today up to horizon_days (1-90, default 14): net = inflow − outflow, projected balance = previous + net, runway_days = days before it first goes below zero. The /v1 form answers the alternative shape (projected_min_balance, projected_min_date, confidence, alerts) from the same forecast.
         */
        get: operations["getCashflowForecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/partner/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in partner */
        get: operations["getPartnerAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in partner's API keys (values included)
         * @description One entry per environment slot that holds a key; a cleared slot is left out until a key is pasted or generated. A session opened with an API key sees the other environment's key masked only (in `key` and `masked`).
         */
        get: operations["listMyApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/api-keys/{environment}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Paste a key into a slot (replaces the previous key at once)
         * @description The key authenticates from the next request; the previous key of that slot stops working. 409 when the value is in use in another slot (nothing changed). 403 when the session was opened with the other environment's API key.
         */
        put: operations["pasteMyApiKey"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/api-keys/{environment}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the key of a slot with a newly generated one (returned once here)
         * @description The previous key of that slot stops working on the next request, on every process. Works on a blank slot too (it gets a key). 403 when the session was opened with the other environment's API key.
         */
        post: operations["rotateMyApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Paste a key (signed-in partner): it authenticates at once and replaces the slot */
        put: operations["pasteKey"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{environment}": {
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
         * Blank a key slot (the record is kept); the key stops working at once
         * @description 403 when the session was opened with the other environment's API key.
         */
        delete: operations["clearKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily usage events of the signed-in partner
         * @description Per day: counts by event type, active users (distinct user_id), transaction count and volume; by category and totals for the window.
         */
        get: operations["partnerUsageDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/usage/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage as CSV: one row per day (summary) or the raw events */
        get: operations["partnerUsageExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partners/me/usage/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in partner's partner-API calls in one environment: this month's figures and calls per day
         * @description This month's calls, unique end-users and estimated bill as GET /api/v1/usage counts them (without counting a call), and the calls of each of the last `days` UTC days. A session opened with an API key reads its own environment only (403 for the other).
         */
        get: operations["partnerCallHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upsert one key into a partner slot, creating the partner when none matches
         * @description Matches partner_id first, then partner_email (case-insensitive); otherwise partner_email and partner_company_name create a production-enabled partner. 409 when the key belongs to another slot.
         */
        post: operations["syncKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/bulk-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * 1 to 500 key syncs, all or nothing in one transaction
         * @description A failing item fails the batch (nothing kept); the error names it in `index` (409/404) or in the 422 `loc`.
         */
        post: operations["bulkSyncKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/keys/{key_value}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a key, by its value, from the partner that holds it (slot blank, record kept) */
        delete: operations["deleteKeyByValue"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partners/by-email/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a partner's company and contact names, found by email (case-insensitive) */
        put: operations["updatePartnerByEmail"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ingest/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record one usage event (server to server)
         * @description Unknown partner_id: 400 with `missing`, nothing stored. An optional `id` makes the call idempotent: the same id from the same partner within 32 days is stored once (`duplicates` says so).
         */
        post: operations["ingestUsageEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ingest/events/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record 1 to 500 usage events, all or nothing
         * @description One transaction: either every event is stored (less duplicates) or none is. Any unknown partner_id: 400 with every missing id in `missing`. A field out of bounds: 422 with `loc` naming the item, e.g. ["body","events",17,"amount_cents"].
         */
        post: operations["ingestUsageEventsBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ingest/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connectivity and secret check */
        get: operations["ingestPing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in administrator */
        get: operations["getAdminAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Partners, newest first, with their key slots (masked) */
        get: operations["adminListPartners"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a partner: every key and session answers 403 from the next request */
        post: operations["adminSuspendPartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate a partner: active again, and production-enabled */
        post: operations["adminActivatePartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}": {
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
         * Hard delete a partner with its keys, sessions, cached calculations, events and webhooks
         * @description One transaction; the audit log keeps a record of the deletion.
         */
        delete: operations["adminDeletePartner"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/clear-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Blank a key slot so the partner can paste the new value */
        post: operations["adminClearKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/regenerate-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a new key in a slot (returned once); the old key stops working at once */
        post: operations["adminRegenerateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/external-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Keys not generated by the service (pasted, synced or added by an admin), masked */
        get: operations["adminListExternalKeys"];
        put?: never;
        /** Add an external key: resolves (partner_id, then partner_email) or creates the partner, then upserts the key */
        post: operations["adminCreateExternalKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/external-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a key by its id (slot blank, record kept) */
        delete: operations["adminDeleteExternalKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ingest-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform-wide ingest secret (INGEST_SECRET); null when not configured */
        get: operations["adminGetIngestSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what to what, and when: newest first (keyset pagination) */
        get: operations["adminAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage events of the whole platform, per day and per partner */
        get: operations["adminUsageDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One partner's usage dashboard */
        get: operations["adminPartnerUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/usage/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage as CSV: per partner, per day, or the raw events (optionally one partner) */
        get: operations["adminUsageExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/partners/{partner_id}/seed-demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Seed deterministic demo usage events for a partner
         * @description Events are a pure function of (partner, day) with deterministic ids: calling twice stores nothing the second time. Events are `live`; today only up to now.
         */
        post: operations["adminSeedDemoUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail-outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail kept by the service instead of being sent (no SMTP_URL, or refused by the SMTP server), newest first */
        get: operations["adminListMailOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/deletion-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Data-deletion requests, newest first */
        get: operations["adminListDeletionRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/deletion-requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a deletion-request record (the audit log keeps that it existed) */
        delete: operations["adminDeleteDeletionRequest"];
        options?: never;
        head?: never;
        /**
         * Set the status (and notes) of a deletion request; completed erases the data
         * @description completed erases, in one transaction: the partner account with that email (with all its data) and every end user whose cached calculation carries the email, through every registered eraser. The audit log records what was erased. A completed request cannot be moved to another status (409).
         */
        patch: operations["adminUpdateDeletionRequest"];
        trace?: never;
    };
    "/api/admin/contact-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contact-form messages, newest first (spam hidden unless include_spam) */
        get: operations["adminListContactMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Incidents, newest first (status=open for unresolved ones) */
        get: operations["adminListIncidents"];
        put?: never;
        /** Open an incident (shown on the status page) */
        post: operations["adminCreateIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/incidents/{incident_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an incident (for mistakes; resolve real ones) */
        delete: operations["adminDeleteIncident"];
        options?: never;
        head?: never;
        /** Update an incident (fields, status) and optionally post an update message */
        patch: operations["adminUpdateIncident"];
        trace?: never;
    };
    "/api/admin/incidents/{incident_id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve an incident */
        post: operations["adminResolveIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/indexnow/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** IndexNow configuration and recent submissions */
        get: operations["adminIndexNowStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/indexnow/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit URLs of this host to IndexNow
         * @description One POST of {host, key, keyLocation, urlList} to INDEXNOW_ENDPOINT. 503 when INDEXNOW_KEY is not set; 502 when the endpoint refuses or cannot be reached (the attempt is recorded).
         */
        post: operations["adminIndexNowSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/indexnow/submit-all-sitemap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit every URL of /sitemap.xml to IndexNow */
        post: operations["adminIndexNowSubmitSitemap"];
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
export interface operations {
    livez: {
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
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
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
                        status: "ready" | "not_ready";
                        draining: boolean;
                        database: {
                            reachable: boolean;
                            latency_ms: number;
                        };
                        /** @description null when the database could not be asked */
                        pending_migrations: string[] | null;
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
                        status: "ready" | "not_ready";
                        draining: boolean;
                        database: {
                            reachable: boolean;
                            latency_ms: number;
                        };
                        /** @description null when the database could not be asked */
                        pending_migrations: string[] | null;
                    };
                };
            };
        };
    };
    root: {
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
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    health: {
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
                        status: "ok" | "degraded";
                        version: string;
                        service_version: string;
                        time: string;
                        database: {
                            kind: string;
                            reachable: boolean;
                            latency_ms: number;
                        };
                        ingest_secret_configured: boolean;
                        aggregator_configured: boolean;
                        aggregator: string | null;
                        webhooks_allow_private: boolean;
                        rate_limit_per_second: number;
                        rate_limit_store: string;
                        smtp_configured: boolean;
                    } & {
                        [key: string]: unknown;
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
                        status: "ok" | "degraded";
                        version: string;
                        service_version: string;
                        time: string;
                        database: {
                            kind: string;
                            reachable: boolean;
                            latency_ms: number;
                        };
                        ingest_secret_configured: boolean;
                        aggregator_configured: boolean;
                        aggregator: string | null;
                        webhooks_allow_private: boolean;
                        rate_limit_per_second: number;
                        rate_limit_store: string;
                        smtp_configured: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ingestHealth: {
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
                        [key: string]: unknown;
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
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    integrationGuide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML viewer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    integrationGuideHtml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Standalone HTML */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    integrationGuideMarkdown: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Markdown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
        };
    };
    integrationGuidePdf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
        };
    };
    registerPartner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    company_name: string;
                    contact_name: string;
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
                        /** @description Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie */
                        token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description ISO 8601 UTC timestamp */
                        expires_at: string;
                        /** PartnerAccount */
                        partner: {
                            id: string;
                            email: string;
                            company_name: string;
                            contact_name: string;
                            tier: string;
                            active: boolean;
                            /** @description true once an administrator has activated the account (live keys work on the sandbox layer) */
                            production_enabled: boolean;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            activated_at: string | null;
                            signup_source: string | null;
                            sandbox_key_masked: string | null;
                            production_key_masked: string | null;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    loginPartner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
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
                        /** @description Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie */
                        token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description ISO 8601 UTC timestamp */
                        expires_at: string;
                        /** PartnerAccount */
                        partner: {
                            id: string;
                            email: string;
                            company_name: string;
                            contact_name: string;
                            tier: string;
                            active: boolean;
                            /** @description true once an administrator has activated the account (live keys work on the sandbox layer) */
                            production_enabled: boolean;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            activated_at: string | null;
                            signup_source: string | null;
                            sandbox_key_masked: string | null;
                            production_key_masked: string | null;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    loginPartnerWithKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Sign in to the portal by pasting one of your API keys (test or live). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API key value (8 to 200 characters, no control characters) */
                    key: string;
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
                        /** @description Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie */
                        token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description ISO 8601 UTC timestamp */
                        expires_at: string;
                        /** PartnerAccount */
                        partner: {
                            id: string;
                            email: string;
                            company_name: string;
                            contact_name: string;
                            tier: string;
                            active: boolean;
                            /** @description true once an administrator has activated the account (live keys work on the sandbox layer) */
                            production_enabled: boolean;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            activated_at: string | null;
                            signup_source: string | null;
                            sandbox_key_masked: string | null;
                            production_key_masked: string | null;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    loginAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
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
                        /** @description Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie */
                        token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        /** @description ISO 8601 UTC timestamp */
                        expires_at: string;
                        /** AdminAccount */
                        admin: {
                            id: string;
                            email: string;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    logoutPartner: {
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
                        logged_out: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    logoutAdmin: {
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
                        logged_out: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    platformStatus: {
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
                        /**
                         * ComponentState
                         * @enum {string}
                         */
                        status: "operational" | "degraded" | "outage" | "maintenance";
                        updated_at: string;
                        components: {
                            id: string;
                            name: string;
                            description: string;
                            /**
                             * ComponentState
                             * @enum {string}
                             */
                            status: "operational" | "degraded" | "outage" | "maintenance";
                            /** @description Percent of self-probes in the last 30 days that were not an outage */
                            uptime_30d: number;
                            /** @description Duration of the latest self-probe */
                            response_ms: number;
                            /** @description One status per UTC day for the last 30 days, oldest first; no_data for a day without probes */
                            history: string[];
                            /** @description When the latest probe ran */
                            checked_at: string | null;
                            /** @description What the latest probe saw */
                            detail: string | null;
                        }[];
                        /** @description Open incidents and those resolved in the last 7 days, newest first */
                        incidents: {
                            id: string;
                            title: string;
                            summary: string;
                            /** @enum {string} */
                            impact: "none" | "minor" | "major" | "critical";
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            started_at: string;
                            resolved_at: string | null;
                            components: string[];
                            updated_at: string;
                            /** @description Newest first */
                            updates: {
                                id: string;
                                at: string;
                                /** @enum {string} */
                                status: "investigating" | "identified" | "monitoring" | "resolved";
                                message: string;
                            }[];
                        }[];
                    };
                };
            };
        };
    };
    platformMetrics: {
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
                        generated_at: string;
                        partners: {
                            total: number;
                            active: number;
                        };
                        /** @description Partner-API calls served, all time (calculate and ingest are most of them) */
                        calls_served: number;
                        calculations: {
                            /** @description End users with a cached safe-to-spend result */
                            end_users_cached: number;
                            /** @description Distinct end users served this month (UTC), all partners */
                            end_users_this_month: number;
                        };
                        /** @description Usage events accepted, all time */
                        events_ingested: number;
                        webhooks_delivered: number;
                        /** @description Lowest component uptime over 30 days, percent */
                        uptime_30d: number;
                        /** @description uptime_30d per component */
                        components: {
                            [key: string]: number;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listStatusChecks: {
        parameters: {
            query: {
                /** @description At most the number of checks kept (1000) */
                limit: number;
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
                        id: string;
                        client_name: string;
                        timestamp: string;
                    }[];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    createStatusCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_name: string;
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
                        id: string;
                        client_name: string;
                        timestamp: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    changelogJsonFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Feed 1.1; each item carries `_service.version` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/feed+json": string;
                };
            };
        };
    };
    changelogRss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RSS 2.0 with RFC 822 dates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
        };
    };
    blogCategories: {
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
                        categories: {
                            slug: string;
                            name: string;
                            count: number;
                        }[];
                    };
                };
            };
        };
    };
    listBlogPosts: {
        parameters: {
            query: {
                category?: string;
                q?: string;
                limit: number;
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
                        posts: {
                            slug: string;
                            title: string;
                            summary: string;
                            category: string;
                            category_name: string;
                            tags: string[];
                            author: string;
                            /** @description YYYY-MM-DD */
                            published_at: string;
                            reading_minutes: number;
                            url: string;
                            /** @description Search relevance (only with q) */
                            score?: number;
                        }[];
                        count: number;
                        /** @description Matches before the limit */
                        total: number;
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    getBlogPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
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
                        slug: string;
                        title: string;
                        summary: string;
                        category: string;
                        category_name: string;
                        tags: string[];
                        author: string;
                        /** @description YYYY-MM-DD */
                        published_at: string;
                        reading_minutes: number;
                        url: string;
                        /** @description Search relevance (only with q) */
                        score?: number;
                        content_html: string;
                        content_markdown: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    relatedBlogPosts: {
        parameters: {
            query: {
                limit: number;
            };
            header?: never;
            path: {
                slug: string;
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
                        posts: {
                            slug: string;
                            title: string;
                            summary: string;
                            category: string;
                            category_name: string;
                            tags: string[];
                            author: string;
                            /** @description YYYY-MM-DD */
                            published_at: string;
                            reading_minutes: number;
                            url: string;
                            /** @description Search relevance (only with q) */
                            score?: number;
                        }[];
                        count: number;
                        /** @description Matches before the limit */
                        total: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    contact: {
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
                    /** Format: email */
                    email: string;
                    company?: string | null;
                    /** @default general */
                    topic?: string;
                    message: string;
                    /** @description Leave empty (spam trap) */
                    website?: string | null;
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
                        received: boolean;
                        lead_id: string;
                        message: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    requestDeletion: {
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
                    name?: string | null;
                    reason?: string | null;
                    last_4_phone?: string | null;
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
                        received: boolean;
                        request_id: string;
                        message: string;
                        next_steps: string[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getMe: {
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
                        id: string;
                        name: string;
                        /** Format: email */
                        email: string;
                        company: string;
                        tier: string;
                        active: boolean;
                        is_sandbox: boolean;
                        current_key_type: "sandbox" | "production";
                        sandbox_key_masked: string | null;
                        production_key_masked: string | null;
                        sandbox_key_rotated_at: string | null;
                        production_key_rotated_at: string | null;
                        webhook_url: string | null;
                        /** @default false */
                        webhook_enabled: boolean;
                        /** @default  */
                        usage_alert_email: string;
                        payment_customer_id: string | null;
                        /** @default false */
                        payment_method_attached: boolean;
                        created_at: string;
                        activated_at: string | null;
                        expected_volume: string | null;
                        signup_source: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSecrets: {
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
                        ingest_secret: string;
                        /** @default X-Service-Ingest-Secret */
                        header_name: string;
                        scope: string;
                        rotation_policy: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    calculateSafeToSpend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    end_user_id: string;
                    user_email?: string | null;
                    /**
                     * @description May be negative (overdrawn)
                     * @default 0
                     */
                    cash_balance?: number;
                    /** @default [] */
                    upcoming_bills?: ({
                        /** @description Bill amount in currency units (≥ 0) */
                        amount: number;
                        due_in_days?: number;
                        name?: string;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        due_date?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @default 0 */
                    savings_commitments?: number;
                    /** @default 0 */
                    debt_commitments?: number;
                    /** @default 0 */
                    cash_buffer?: number;
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
                        safe_to_spend_today: number;
                        daily_allowance: number;
                        monthly_safe_to_spend: number;
                        /** Breakdown */
                        breakdown: {
                            cash_after_buffer: number;
                            upcoming_bills_total: number;
                            savings_commitments: number;
                            debt_commitments: number;
                            discretionary_pool: number;
                            days_in_period: number;
                        };
                        calculation_id: string;
                        calculated_at: string;
                        partner_id: string;
                        is_sandbox: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getUsage: {
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
                        /** @description YYYY-MM (UTC) */
                        month: string;
                        /** @description Partner id */
                        partner: string;
                        production: {
                            /** @description Authenticated partner-API calls this month (UTC) */
                            calls: number;
                            /** @description Distinct end-users seen by calculate, ingest and the sandbox layer this month */
                            unique_end_users: number;
                            /** @description unique production end-users × rate_per_user_usd */
                            estimated_bill_usd: number | null;
                        };
                        sandbox: {
                            /** @description Authenticated partner-API calls this month (UTC) */
                            calls: number;
                            /** @description Distinct end-users seen by calculate, ingest and the sandbox layer this month */
                            unique_end_users: number;
                            /** @description always null: sandbox is never billed */
                            estimated_bill_usd: number | null;
                        };
                        rate_per_user_usd: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getUsageAlerts: {
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
                        environment: "test" | "live";
                        notify_email: string | null;
                        /** @description The address alerts are sent to */
                        effective_notify_email: string;
                        calls_threshold: number | null;
                        unique_users_threshold: number | null;
                        bill_threshold_usd: number | null;
                        /** @description YYYY-MM (UTC) */
                        month: string;
                        current: {
                            calls: number;
                            unique_end_users: number;
                            estimated_bill_usd: number | null;
                        };
                        /** @description Thresholds fired this month, oldest first */
                        fired: {
                            threshold: "calls_threshold" | "unique_users_threshold" | "bill_threshold_usd";
                            level: "warning" | "reached";
                            /** @description The threshold value when it fired */
                            limit: number;
                            /** @description The observed value when it fired */
                            value: number;
                            fired_at: string;
                        }[];
                        updated_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    putUsageAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Replaces the configuration of the key environment: a threshold left out is off. Each fires once per month at 80% (warning) and 100% (reached). */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description Where alerts go; null: the profile usage_alert_email, else the account email
                     */
                    notify_email?: string | null;
                    /** @description Monthly calls; null or absent = off */
                    calls_threshold?: number | null;
                    /** @description Monthly unique end-users; null or absent = off */
                    unique_users_threshold?: number | null;
                    /** @description Estimated bill in USD (production only), at least one cent; null or absent = off */
                    bill_threshold_usd?: number | null;
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
                        environment: "test" | "live";
                        notify_email: string | null;
                        /** @description The address alerts are sent to */
                        effective_notify_email: string;
                        calls_threshold: number | null;
                        unique_users_threshold: number | null;
                        bill_threshold_usd: number | null;
                        /** @description YYYY-MM (UTC) */
                        month: string;
                        current: {
                            calls: number;
                            unique_end_users: number;
                            estimated_bill_usd: number | null;
                        };
                        /** @description Thresholds fired this month, oldest first */
                        fired: {
                            threshold: "calls_threshold" | "unique_users_threshold" | "bill_threshold_usd";
                            level: "warning" | "reached";
                            /** @description The threshold value when it fired */
                            limit: number;
                            /** @description The observed value when it fired */
                            value: number;
                            fired_at: string;
                        }[];
                        updated_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteUsageAlerts: {
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
                        deleted: boolean;
                        environment: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    reportCalculationsCsv: {
        parameters: {
            query?: {
                /** @description ISO 8601 date or date-time (inclusive); a bare date is UTC midnight */
                since?: string;
                /** @description ISO 8601 date (inclusive: the whole day) or date-time (exclusive) */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180) with a header row, streamed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                    "text/csv": {
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    reportUsageCsv: {
        parameters: {
            query: {
                /** @description Months up to and including the current one */
                months: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180) with a header row, streamed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                    "text/csv": {
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    exportWebhookDeliveriesCsv: {
        parameters: {
            query?: {
                /** @description ISO 8601 date or date-time; attempts at or after it */
                since?: string;
                /** @description ISO 8601 date-time (attempts before it) or date (attempts up to the end of that UTC day) */
                until?: string;
                status?: "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                    "text/csv": {
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ingestCalculation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    end_user_id: string;
                    user_email?: string | null;
                    /**
                     * @description May be negative (overdrawn)
                     * @default 0
                     */
                    cash_balance?: number;
                    /** @default [] */
                    upcoming_bills?: ({
                        /** @description Bill amount in currency units (≥ 0) */
                        amount: number;
                        due_in_days?: number;
                        name?: string;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        due_date?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @default 0 */
                    savings_commitments?: number;
                    /** @default 0 */
                    debt_commitments?: number;
                    /** @default 0 */
                    cash_buffer?: number;
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
                        safe_to_spend_today: number;
                        daily_allowance: number;
                        monthly_safe_to_spend: number;
                        /** Breakdown */
                        breakdown: {
                            cash_after_buffer: number;
                            upcoming_bills_total: number;
                            savings_commitments: number;
                            debt_commitments: number;
                            discretionary_pool: number;
                            days_in_period: number;
                        };
                        calculation_id: string;
                        calculated_at: string;
                        partner_id: string;
                        is_sandbox: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listCachedCalculations: {
        parameters: {
            query: {
                limit: number;
                cursor?: string;
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
                            end_user_id: string;
                            user_email: string | null;
                            /** CalculateResponse */
                            calculation: {
                                safe_to_spend_today: number;
                                daily_allowance: number;
                                monthly_safe_to_spend: number;
                                /** Breakdown */
                                breakdown: {
                                    cash_after_buffer: number;
                                    upcoming_bills_total: number;
                                    savings_commitments: number;
                                    debt_commitments: number;
                                    discretionary_pool: number;
                                    days_in_period: number;
                                };
                                calculation_id: string;
                                calculated_at: string;
                                partner_id: string;
                                is_sandbox: boolean;
                            };
                            calculated_at: string;
                        }[];
                        next_cursor: string | null;
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getCachedCalculation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
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
                        end_user_id: string;
                        user_email: string | null;
                        /** CalculateResponse */
                        calculation: {
                            safe_to_spend_today: number;
                            daily_allowance: number;
                            monthly_safe_to_spend: number;
                            /** Breakdown */
                            breakdown: {
                                cash_after_buffer: number;
                                upcoming_bills_total: number;
                                savings_commitments: number;
                                debt_commitments: number;
                                discretionary_pool: number;
                                days_in_period: number;
                            };
                            calculation_id: string;
                            calculated_at: string;
                            partner_id: string;
                            is_sandbox: boolean;
                        };
                        calculated_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    eraseEndUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
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
                        end_user_id: string;
                        environment: string;
                        /** @description Rows removed, by kind of data */
                        erased: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    rotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key_type: "sandbox" | "production";
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
                        key_type: "sandbox" | "production";
                        /** @description Shown once */
                        new_key: string;
                        /** @description ISO 8601 UTC timestamp */
                        rotated_at: string;
                        message: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWebhookConfig: {
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
                        url: string;
                        events: string[];
                        enabled: boolean;
                        environment: "test" | "live";
                        /** @description The end of the signing secret, to tell secrets apart */
                        secret_hint: string;
                        /** @description Why the service disabled the endpoint (e.g. the receiver answered 410) */
                        disabled_reason: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    setWebhookConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https URL on a public address (http and private addresses only with WEBHOOK_ALLOW_PRIVATE=true) */
                    url: string;
                    /** @description Event types to receive (duplicates are ignored) */
                    events: ("calculation.updated" | "usage.threshold_reached" | "webhook.test")[];
                    /** @default true */
                    enabled?: boolean;
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
                        url: string;
                        events: string[];
                        enabled: boolean;
                        environment: "test" | "live";
                        /** @description The end of the signing secret, to tell secrets apart */
                        secret_hint: string;
                        /** @description Why the service disabled the endpoint (e.g. the receiver answered 410) */
                        disabled_reason: string | null;
                        created_at: string;
                        updated_at: string;
                        /** @description The signing secret (whsec_…), shown this one time: on creation and on rotation. null when an existing configuration was updated (its secret is unchanged). */
                        secret: string | null;
                        /** @description After a rotation: until when deliveries are also signed with the previous secret */
                        previous_secret_expires_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteWebhookConfig: {
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
                        deleted: boolean;
                        environment: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
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
                        url: string;
                        events: string[];
                        enabled: boolean;
                        environment: "test" | "live";
                        /** @description The end of the signing secret, to tell secrets apart */
                        secret_hint: string;
                        /** @description Why the service disabled the endpoint (e.g. the receiver answered 410) */
                        disabled_reason: string | null;
                        created_at: string;
                        updated_at: string;
                        /** @description The signing secret (whsec_…), shown this one time: on creation and on rotation. null when an existing configuration was updated (its secret is unchanged). */
                        secret: string | null;
                        /** @description After a rotation: until when deliveries are also signed with the previous secret */
                        previous_secret_expires_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query: {
                limit: number;
                status?: "delivered" | "failed";
                /** @description Only the attempts of this event */
                event_id?: string;
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
                        id: string;
                        event_id: string;
                        event_type: string;
                        url: string;
                        attempt: number;
                        status: "delivered" | "failed";
                        status_code: number | null;
                        duration_ms: number;
                        error: string | null;
                        /** @description The first 1 KiB of the response body */
                        response_excerpt: string | null;
                        created_at: string;
                        /** @description When the next automatic attempt of this event is due; null when none follows */
                        next_attempt_at: string | null;
                    }[];
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
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
                        id: string;
                        event_id: string;
                        event_type: string;
                        url: string;
                        attempt: number;
                        status: "delivered" | "failed";
                        status_code: number | null;
                        duration_ms: number;
                        error: string | null;
                        /** @description The first 1 KiB of the response body */
                        response_excerpt: string | null;
                        created_at: string;
                        /** @description When the next automatic attempt of this event is due; null when none follows */
                        next_attempt_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
                        /** @enum {string} */
                        type: "webhook.test";
                        created_at: string;
                        /** @enum {string} */
                        status: "queued";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createLinkToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The partner's own id of its end-user */
                    user_id: string;
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
                        /** @description `link-sandbox-…` on test keys */
                        link_token: string;
                        /** @description ISO 8601; 4 hours after creation */
                        expiration: string;
                        request_id: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    linkAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The public token Link returned; each is accepted once per partner */
                    public_token: string;
                    /** @description The partner's own id of its end-user */
                    user_id: string;
                    /** @description Free-form; the reference form sends {institution_id, name} */
                    institution?: {
                        [key: string]: unknown;
                    } | null;
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
                        item_id: string;
                        institution: {
                            [key: string]: unknown;
                        };
                        accounts: {
                            account_id: string;
                            name: string;
                            /** @description Last four digits of the account number */
                            mask: string;
                            /** @description depository | credit */
                            type: string;
                            /** @description checking | savings | credit card */
                            subtype: string;
                            /** @description Depository: the posted balance. Credit: the amount owed (posted). */
                            current_balance: number;
                            /** @description Depository: current minus pending outflows. Credit: limit minus owed minus pending charges. */
                            available_balance: number;
                            /** @default USD */
                            iso_currency_code: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query: {
                /** @description The partner's own id of its end-user */
                user_id: string;
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
                        accounts: {
                            account_id: string;
                            name: string;
                            /** @description Last four digits of the account number */
                            mask: string;
                            /** @description depository | credit */
                            type: string;
                            /** @description checking | savings | credit card */
                            subtype: string;
                            /** @description Depository: the posted balance. Credit: the amount owed (posted). */
                            current_balance: number;
                            /** @description Depository: current minus pending outflows. Credit: limit minus owed minus pending charges. */
                            available_balance: number;
                            /** @default USD */
                            iso_currency_code: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query: {
                /** @description The partner's own id of its end-user */
                user_id: string;
                /** @description First day, inclusive; default end_date − 30 days (YYYY-MM-DD) */
                start_date?: string;
                /** @description Last day, inclusive; default today (later days have no transactions yet) (YYYY-MM-DD) */
                end_date?: string;
                limit: number;
                /** @description Transactions to skip (newest first) */
                offset: number;
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
                        /** @description Newest first */
                        transactions: {
                            transaction_id: string;
                            account_id: string;
                            merchant_name: string;
                            /** @description Positive: money out of the account; negative: money in (Plaid convention) */
                            amount: number;
                            iso_currency_code: string;
                            /** @description YYYY-MM-DD */
                            date: string;
                            pending: boolean;
                            personal_finance_category_primary: string;
                        }[];
                        /** @description Transactions in the whole window */
                        total: number;
                        has_more: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    createTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the call idempotent for 24 hours (per partner) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Shape A: {account_id, amount_cents, direction, description?, idempotency_key?}. Shape B: {from_account_id, to_account_id, amount, currency, memo?} with the Idempotency-Key header. The shape is told by its fields. */
        requestBody: {
            content: {
                "application/json": {
                    account_id?: string;
                    /** @description Shape A: integer cents */
                    amount_cents?: number;
                    /** @description Shape A: debit = money out of the account; credit = money into it */
                    direction?: "debit" | "credit";
                    description?: string;
                    idempotency_key?: string;
                    from_account_id?: string;
                    to_account_id?: string;
                    /** @description Shape B: currency units, at most 2 decimals */
                    amount?: number;
                    /** @description Shape B: ISO 4217; the sandbox holds USD */
                    currency?: string;
                    memo?: string;
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
                        transfer_id: string;
                        /** @description pending | failed */
                        status: string;
                        amount_cents: number;
                        direction: string;
                        account_id: string;
                        description: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description YYYY-MM-DD */
                        expected_settlement: string;
                        /** TransferFailure */
                        failure_reason: {
                            code: string;
                            description: string;
                        } | null;
                    } | {
                        id: string;
                        /** @description submitted | failed */
                        status: string;
                        rail: string;
                        /** @description YYYY-MM-DD */
                        estimated_settlement: string;
                        from_account_id: string;
                        to_account_id: string;
                        amount: number;
                        currency: string;
                        memo: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** TransferFailure */
                        failure_reason: {
                            code: string;
                            description: string;
                        } | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getCashflowForecast: {
        parameters: {
            query: {
                /** @description The partner's own id of its end-user */
                user_id: string;
                horizon_days: number;
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
                        horizon_days: number;
                        /** @description ISO 8601 UTC timestamp */
                        generated_at: string;
                        points: {
                            date: string;
                            inflow_cents: number;
                            outflow_cents: number;
                            /** @description inflow_cents − outflow_cents */
                            net_cents: number;
                            /** @description Spendable on this day without the projected balance going below zero later in the horizon */
                            safe_to_spend_cents: number;
                            /** @description Projected end-of-day balance of the checking account */
                            projected_balance_cents: number;
                        }[];
                        /** @description Days before the projected balance first goes below zero (horizon_days when it never does) */
                        runway_days: number;
                        /** @description Today's available balance of the checking account */
                        starting_balance_cents: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPartnerAccount: {
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
                        id: string;
                        email: string;
                        company_name: string;
                        contact_name: string;
                        tier: string;
                        active: boolean;
                        /** @description true once an administrator has activated the account (live keys work on the sandbox layer) */
                        production_enabled: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        activated_at: string | null;
                        signup_source: string | null;
                        sandbox_key_masked: string | null;
                        production_key_masked: string | null;
                        /** @description ISO 8601 UTC timestamp */
                        session_expires_at: string;
                        /** @description `password`, `signup` or `api_key` */
                        session_method: string;
                        session_environment: ("test" | "live") | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    listMyApiKeys: {
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
                        id: string;
                        environment: "test" | "live";
                        /** @description The key value; in a session opened with an API key, the other environment's slot shows its masked form here (never its value) */
                        key: string;
                        masked: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        last_rotated_at: string | null;
                    }[];
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    pasteMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment: "test" | "live";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API key value (8 to 200 characters, no control characters) */
                    key: string;
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
                        id: string;
                        environment: "test" | "live";
                        /** @description The key value; in a session opened with an API key, the other environment's slot shows its masked form here (never its value) */
                        key: string;
                        masked: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        last_rotated_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    rotateMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment: "test" | "live";
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
                        id: string;
                        environment: "test" | "live";
                        /** @description The key value; in a session opened with an API key, the other environment's slot shows its masked form here (never its value) */
                        key: string;
                        masked: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        last_rotated_at: string | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    pasteKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API key value (8 to 200 characters, no control characters) */
                    key: string;
                    /** @description The slot; when omitted, taken from the svc_test_/svc_live_ prefix */
                    environment?: "test" | "live";
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
                        environment: "test" | "live";
                        key_masked: string;
                        /** @description ISO 8601 UTC timestamp */
                        saved_at: string;
                        /** @default portal-paste */
                        source: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    clearKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment: "test" | "live";
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
                        partner_id: string;
                        environment: "test" | "live";
                        /** @description false when the slot was already blank */
                        cleared: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        cleared_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    partnerUsageDashboard: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
                /** @description live: production and platform events; test: sandbox-key events. Default: live, or the key's environment for a session opened with an API key (the other one is 403) */
                environment?: "live" | "test";
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
                        partner_id: string;
                        environment: string;
                        days: number;
                        /** @description First UTC day of the window */
                        start_date: string;
                        /** @description Last UTC day of the window (today) */
                        end_date: string;
                        /** @description Every day of the window, oldest first (zeros included) */
                        daily: {
                            /** @description UTC day YYYY-MM-DD */
                            date: string;
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            active_users: number;
                        }[];
                        /** @description Transactions in the window by category, largest volume first */
                        by_category: {
                            /** @description null: transactions sent without a category */
                            category: string | null;
                            transactions: number;
                            volume_cents: number;
                        }[];
                        /** UsageCounts */
                        totals: {
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            /** @description Distinct user_id over the day (per day) or the whole window (totals) */
                            active_users: number;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    partnerUsageExport: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
                /** @description summary: one row per day; events: the raw events */
                format: "summary" | "events";
                /** @description live: production and platform events; test: sandbox-key events. Default: live, or the key's environment for a session opened with an API key (the other one is 403) */
                environment?: "live" | "test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV attachment (RFC 4180, header row) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    partnerCallHistory: {
        parameters: {
            query: {
                /** @description test: sandbox key; live: production key. Default: live, or the key's environment for a session opened with an API key (the other one is 403) */
                environment?: "test" | "live";
                /** @description UTC days of the daily series, ending today */
                days: number;
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
                        environment: "test" | "live";
                        /** @description YYYY-MM (UTC) */
                        month: string;
                        /** @description Authenticated partner-API calls this month (UTC) */
                        calls: number;
                        /** @description Distinct end-users this month */
                        unique_end_users: number;
                        /** @description Production: unique end-users × rate_per_user_usd; null for the sandbox (never billed) */
                        estimated_bill_usd: number | null;
                        rate_per_user_usd: number;
                        /** @description One entry per UTC day of the window, oldest first; days without calls are 0 */
                        days: {
                            /** @description YYYY-MM-DD (UTC) */
                            day: string;
                            calls: number;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    syncKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API key value (8 to 200 characters, no control characters) */
                    key: string;
                    environment: "test" | "live";
                    partner_id?: string | null;
                    /** Format: email */
                    partner_email?: string | null;
                    partner_company_name?: string | null;
                    partner_contact_name?: string | null;
                    tier?: string | null;
                    /** @default external-sync */
                    source?: string | null;
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
                        partner_id: string;
                        company_name: string;
                        email: string;
                        environment: "test" | "live";
                        key_masked: string;
                        created_partner: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        rotated_at: string;
                        source: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    bulkSyncKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keys: {
                        /** @description An API key value (8 to 200 characters, no control characters) */
                        key: string;
                        environment: "test" | "live";
                        partner_id?: string | null;
                        /** Format: email */
                        partner_email?: string | null;
                        partner_company_name?: string | null;
                        partner_contact_name?: string | null;
                        tier?: string | null;
                        /** @default external-sync */
                        source?: string | null;
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
                        synced: number;
                        created_partners: number;
                        results: {
                            partner_id: string;
                            company_name: string;
                            email: string;
                            environment: "test" | "live";
                            key_masked: string;
                            created_partner: boolean;
                            /** @description ISO 8601 UTC timestamp */
                            rotated_at: string;
                            source: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteKeyByValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key value (8 to 200 characters, no control characters) */
                key_value: string;
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
                        partner_id: string;
                        environment: "test" | "live";
                        key_masked: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    updatePartnerByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    partner_company_name?: string;
                    partner_contact_name?: string;
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
                        partner_id: string;
                        email: string;
                        company_name: string;
                        contact_name: string;
                        updated: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ingestUsageEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An existing partner id */
                    partner_id: string;
                    /**
                     * @description user_signup, account_link or transaction
                     * @enum {unknown}
                     */
                    event_type: "user_signup" | "account_link" | "transaction";
                    /** @description The end-user; active users are the distinct user_ids */
                    user_id?: string | null;
                    /** @description USD cents; transactions only (ignored on other types) */
                    amount_cents?: number | null;
                    /** @description Transactions only (groceries, rent, dining, …) */
                    category?: string | null;
                    /** @description Account links only */
                    institution?: string | null;
                    /** @description ISO 8601; defaults to the time of receipt */
                    occurred_at?: string | null;
                    /** @description Optional idempotency id: the same id from the same partner within 32 days is stored and counted once */
                    id?: string | null;
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
                        /** @description Events stored by this request (duplicates not included) */
                        accepted: number;
                        /** @description The partner ids the events resolved to, in order of first appearance */
                        partners: string[];
                        /** @description Events dropped because their id was already accepted within 32 days (or repeated in the request) */
                        duplicates: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ingestUsageEventsBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: {
                        /** @description An existing partner id */
                        partner_id: string;
                        /**
                         * @description user_signup, account_link or transaction
                         * @enum {unknown}
                         */
                        event_type: "user_signup" | "account_link" | "transaction";
                        /** @description The end-user; active users are the distinct user_ids */
                        user_id?: string | null;
                        /** @description USD cents; transactions only (ignored on other types) */
                        amount_cents?: number | null;
                        /** @description Transactions only (groceries, rent, dining, …) */
                        category?: string | null;
                        /** @description Account links only */
                        institution?: string | null;
                        /** @description ISO 8601; defaults to the time of receipt */
                        occurred_at?: string | null;
                        /** @description Optional idempotency id: the same id from the same partner within 32 days is stored and counted once */
                        id?: string | null;
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
                        /** @description Events stored by this request (duplicates not included) */
                        accepted: number;
                        /** @description The partner ids the events resolved to, in order of first appearance */
                        partners: string[];
                        /** @description Events dropped because their id was already accepted within 32 days (or repeated in the request) */
                        duplicates: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ingestPing: {
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
                        ok: boolean;
                        service: string;
                        time: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAdminAccount: {
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
                        id: string;
                        email: string;
                        /** @description ISO 8601 UTC timestamp */
                        created_at: string;
                        /** @description ISO 8601 UTC timestamp */
                        session_expires_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminListPartners: {
        parameters: {
            query: {
                limit: number;
                cursor?: string;
                /** @description Case-insensitive match on email or company */
                q?: string;
                status?: "active" | "suspended";
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
                            id: string;
                            email: string;
                            company_name: string;
                            contact_name: string;
                            tier: string;
                            active: boolean;
                            production_enabled: boolean;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            activated_at: string | null;
                            signup_source: string | null;
                            keys: {
                                id: string;
                                environment: "test" | "live";
                                masked: string | null;
                                source: string;
                                /** @description ISO 8601 UTC timestamp */
                                created_at: string;
                                /** @description ISO 8601 UTC timestamp */
                                last_rotated_at: string | null;
                            }[];
                        }[];
                        next_cursor: string | null;
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminSuspendPartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        active: boolean;
                        production_enabled: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        activated_at: string | null;
                        /** @description false when the partner was already in that state */
                        changed: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminActivatePartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        active: boolean;
                        production_enabled: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        activated_at: string | null;
                        /** @description false when the partner was already in that state */
                        changed: boolean;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminDeletePartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        /** @description Rows removed, by table */
                        removed: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminClearKey: {
        parameters: {
            query: {
                environment: "test" | "live";
            };
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        environment: "test" | "live";
                        /** @description false when the slot was already blank */
                        cleared: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        cleared_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminRegenerateKey: {
        parameters: {
            query: {
                environment: "test" | "live";
            };
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        environment: "test" | "live";
                        /** @description Shown once */
                        key: string;
                        masked: string;
                        /** @description ISO 8601 UTC timestamp */
                        rotated_at: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminListExternalKeys: {
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
                            id: string;
                            partner_id: string;
                            email: string;
                            company_name: string;
                            environment: "test" | "live";
                            key_masked: string;
                            source: string;
                            /** @description ISO 8601 UTC timestamp */
                            created_at: string;
                            /** @description ISO 8601 UTC timestamp */
                            last_rotated_at: string | null;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminCreateExternalKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API key value (8 to 200 characters, no control characters) */
                    key: string;
                    environment: "test" | "live";
                    partner_id?: string | null;
                    /** Format: email */
                    partner_email?: string | null;
                    partner_company_name?: string | null;
                    partner_contact_name?: string | null;
                    tier?: string | null;
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
                        partner_id: string;
                        company_name: string;
                        email: string;
                        environment: "test" | "live";
                        key_masked: string;
                        created_partner: boolean;
                        /** @description ISO 8601 UTC timestamp */
                        rotated_at: string;
                        source: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminDeleteExternalKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
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
                        id: string;
                        partner_id: string;
                        environment: "test" | "live";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminGetIngestSecret: {
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
                        configured: boolean;
                        ingest_secret: string | null;
                        header_name: string;
                        scope: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminAuditLog: {
        parameters: {
            query: {
                limit: number;
                cursor?: string;
                target_id?: string;
                action?: string;
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
                            id: string;
                            /** @description ISO 8601 UTC timestamp */
                            at: string;
                            actor_type: string;
                            actor_id: string | null;
                            action: string;
                            target_type: string | null;
                            target_id: string | null;
                            details: {
                                [key: string]: unknown;
                            };
                        }[];
                        next_cursor: string | null;
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminUsageDashboard: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
                /** @description live: production and platform events (default); test: sandbox-key events */
                environment: "live" | "test";
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
                        environment: string;
                        days: number;
                        /** @description First UTC day of the window */
                        start_date: string;
                        /** @description Last UTC day of the window (today) */
                        end_date: string;
                        /** @description Every day of the window, oldest first (zeros included) */
                        daily: {
                            /** @description UTC day YYYY-MM-DD */
                            date: string;
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            active_users: number;
                        }[];
                        /** @description Transactions in the window by category, largest volume first */
                        by_category: {
                            /** @description null: transactions sent without a category */
                            category: string | null;
                            transactions: number;
                            volume_cents: number;
                        }[];
                        /** UsageCounts */
                        totals: {
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            /** @description Distinct user_id over the day (per day) or the whole window (totals) */
                            active_users: number;
                        };
                        /** @description Every partner with its totals for the window, most events first */
                        partners: {
                            partner_id: string;
                            company: string;
                            email: string;
                            active: boolean;
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            /** @description Distinct user_id over the day (per day) or the whole window (totals) */
                            active_users: number;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminPartnerUsage: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
                /** @description live: production and platform events (default); test: sandbox-key events */
                environment: "live" | "test";
            };
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        environment: string;
                        days: number;
                        /** @description First UTC day of the window */
                        start_date: string;
                        /** @description Last UTC day of the window (today) */
                        end_date: string;
                        /** @description Every day of the window, oldest first (zeros included) */
                        daily: {
                            /** @description UTC day YYYY-MM-DD */
                            date: string;
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            active_users: number;
                        }[];
                        /** @description Transactions in the window by category, largest volume first */
                        by_category: {
                            /** @description null: transactions sent without a category */
                            category: string | null;
                            transactions: number;
                            volume_cents: number;
                        }[];
                        /** UsageCounts */
                        totals: {
                            events: number;
                            user_signup: number;
                            account_link: number;
                            transaction: number;
                            transaction_volume_cents: number;
                            /** @description Distinct user_id over the day (per day) or the whole window (totals) */
                            active_users: number;
                        };
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminUsageExport: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
                partner_id?: string;
                /** @description partners: one row per partner; summary: one row per day; events: the raw events */
                format: "partners" | "summary" | "events";
                /** @description live: production and platform events (default); test: sandbox-key events */
                environment: "live" | "test";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV attachment (RFC 4180, header row) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminSeedDemoUsage: {
        parameters: {
            query: {
                /** @description Window length in UTC days, ending today */
                days: number;
            };
            header?: never;
            path: {
                partner_id: string;
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
                        partner_id: string;
                        days: number;
                        start_date: string;
                        end_date: string;
                        /** @description Demo events the window holds */
                        generated: number;
                        /** @description Of those, stored by this call (0 when the window was already seeded) */
                        inserted: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminListMailOutbox: {
        parameters: {
            query: {
                limit: number;
                cursor?: string;
                status?: "outbox" | "failed";
                kind?: string;
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
                            id: string;
                            kind: string;
                            to: string;
                            subject: string;
                            text: string;
                            html: string | null;
                            /** @description outbox (no SMTP configured) or failed (the SMTP server refused it) */
                            status: string;
                            error: string | null;
                            created_at: string;
                        }[];
                        next_cursor: string | null;
                        count: number;
                        /** @description smtp or outbox: how mail leaves the service now */
                        transport: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminListDeletionRequests: {
        parameters: {
            query: {
                status_filter?: "pending" | "in_progress" | "completed" | "cancelled";
                limit: number;
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
                            id: string;
                            email: string;
                            name: string | null;
                            reason: string | null;
                            last_4_phone: string | null;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "completed" | "cancelled";
                            notes: string | null;
                            created_at: string;
                            updated_at: string;
                            completed_at: string | null;
                            /** @description What completing the request removed */
                            erased: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminDeleteDeletionRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
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
                        id: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminUpdateDeletionRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "pending" | "in_progress" | "completed" | "cancelled";
                    notes?: string | null;
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
                        id: string;
                        email: string;
                        name: string | null;
                        reason: string | null;
                        last_4_phone: string | null;
                        /** @enum {string} */
                        status: "pending" | "in_progress" | "completed" | "cancelled";
                        notes: string | null;
                        created_at: string;
                        updated_at: string;
                        completed_at: string | null;
                        /** @description What completing the request removed */
                        erased: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminListContactMessages: {
        parameters: {
            query: {
                include_spam: boolean;
                limit: number;
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
                            id: string;
                            name: string;
                            email: string;
                            company: string | null;
                            topic: string;
                            message: string;
                            spam: boolean;
                            notified: boolean;
                            created_at: string;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminListIncidents: {
        parameters: {
            query: {
                status?: "investigating" | "identified" | "monitoring" | "resolved" | "open";
                limit: number;
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
                            id: string;
                            title: string;
                            summary: string;
                            /** @enum {string} */
                            impact: "none" | "minor" | "major" | "critical";
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            started_at: string;
                            resolved_at: string | null;
                            components: string[];
                            updated_at: string;
                            /** @description Newest first */
                            updates: {
                                id: string;
                                at: string;
                                /** @enum {string} */
                                status: "investigating" | "identified" | "monitoring" | "resolved";
                                message: string;
                            }[];
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminCreateIncident: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    summary: string;
                    /** @enum {string} */
                    impact: "none" | "minor" | "major" | "critical";
                    /** @enum {string} */
                    status?: "investigating" | "identified" | "monitoring" | "resolved";
                    components?: ("database" | "ingest" | "webhooks")[];
                    /**
                     * Format: date-time
                     * @description ISO 8601; defaults to now
                     */
                    started_at?: string;
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
                        id: string;
                        title: string;
                        summary: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical";
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        started_at: string;
                        resolved_at: string | null;
                        components: string[];
                        updated_at: string;
                        /** @description Newest first */
                        updates: {
                            id: string;
                            at: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminDeleteIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
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
                        id: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminUpdateIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    summary?: string;
                    /** @enum {string} */
                    impact?: "none" | "minor" | "major" | "critical";
                    /** @enum {string} */
                    status?: "investigating" | "identified" | "monitoring" | "resolved";
                    components?: ("database" | "ingest" | "webhooks")[];
                    /** @description An update posted on the status page */
                    message?: string;
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
                        id: string;
                        title: string;
                        summary: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical";
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        started_at: string;
                        resolved_at: string | null;
                        components: string[];
                        updated_at: string;
                        /** @description Newest first */
                        updates: {
                            id: string;
                            at: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminResolveIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message?: string;
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
                        id: string;
                        title: string;
                        summary: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical";
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                        started_at: string;
                        resolved_at: string | null;
                        components: string[];
                        updated_at: string;
                        /** @description Newest first */
                        updates: {
                            id: string;
                            at: string;
                            /** @enum {string} */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
        };
    };
    adminIndexNowStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description IndexNow configuration and submission history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether INDEXNOW_KEY is set to a valid key */
                        configured: boolean;
                        endpoint: string;
                        host: string;
                        key_location: string | null;
                        /** @description URLs in /sitemap.xml (what submit-all-sitemap sends) */
                        sitemap_urls: number;
                        submissions: number;
                        urls_submitted: number;
                        /** IndexNowSubmission */
                        last_submission: {
                            id: string;
                            at: string;
                            url_count: number;
                            status_code: number | null;
                            ok: boolean;
                            error: string | null;
                            duration_ms: number;
                        } | null;
                        recent: {
                            id: string;
                            at: string;
                            url_count: number;
                            status_code: number | null;
                            ok: boolean;
                            error: string | null;
                            duration_ms: number;
                        }[];
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminIndexNowSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute URLs of this host */
                    urls: string[];
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
                        submission_id: string;
                        submitted: number;
                        ok: boolean;
                        status_code: number | null;
                        endpoint: string;
                        host: string;
                        key_location: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
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
                        detail: {
                            type: string;
                            loc: (string | number)[];
                            msg: string;
                            input: unknown;
                            ctx?: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @enum {string} */
                        code: "validation_failed";
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    adminIndexNowSubmitSitemap: {
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
                        submission_id: string;
                        submitted: number;
                        ok: boolean;
                        status_code: number | null;
                        endpoint: string;
                        host: string;
                        key_location: string;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Every non-validation error: a human-readable message and its code (extra fields where documented). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /**
                         * ErrorCode
                         * @description Stable machine-readable error code; every value is described in docs/errors.md.
                         * @enum {string}
                         */
                        code: "bad_request" | "missing_api_key" | "invalid_api_key" | "missing_ingest_secret" | "invalid_ingest_secret" | "invalid_credentials" | "session_required" | "session_expired" | "payment_required" | "partner_suspended" | "production_not_enabled" | "environment_mismatch" | "forbidden" | "csrf_rejected" | "not_found" | "request_timeout" | "conflict" | "in_progress" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "locked_out" | "export_in_progress" | "headers_too_large" | "internal_error" | "upstream_error" | "not_configured" | "database_unavailable" | "service_unavailable" | "storage_full";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
}

// Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.

export interface paths {
    "/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List captured contacts, newest first
         * @description Scope `contacts:read`. Quota cost: 1 unit(s).
         */
        get: operations["listContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{contact_id}": {
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
         * Erase a contact for good: its address and name, in every copy the service keeps
         * @description For a subscriber who asks to be forgotten (GDPR art. 17). The address and the name are erased from the contact and from every copy the service keeps: stored idempotent responses, unpublished and published events, and webhook payloads (a resend then carries `erased@erased.invalid` and no name). A tombstone without personal data stays, so counts of captured contacts do not drop. Subscribed endpoints receive `contact.deleted` (the id and `deleted_at` only) to erase their copy. Irreversible: a second call answers 404, as for an unknown contact.
         *
         *     Scope `contacts:write`. Quota cost: 0 unit(s).
         */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspace files, newest first
         * @description Scope `files:read`. Quota cost: 1 unit(s).
         */
        get: operations["listFiles"];
        put?: never;
        /**
         * Upload a file (PNG, JPEG, WebP, GIF or PDF, at most 10 MiB) as multipart/form-data
         * @description Scope `files:write`. Quota cost: 0 unit(s).
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pages, newest-updated first
         * @description Scope `pages:read`. Quota cost: 0 unit(s).
         */
        get: operations["listPages"];
        put?: never;
        /**
         * Create a page (DRAFT, nothing live)
         * @description Nothing is public until publishPage. Keep the returned `draft.updated_at`: updatePage, addBlock and removeBlock take it as `expected_updated_at`.
         *
         *     Scope `pages:write`. Quota cost: 0 unit(s).
         */
        post: operations["createPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a page: draft and live state, blocks, theme, route and stamp
         * @description Read this before changing a page: `draft` is what the API edits, `published` what visitors see, and `draft.updated_at` is the `expected_updated_at` that updatePage, addBlock and removeBlock need.
         *
         *     Scope `pages:read`. Quota cost: 0 unit(s).
         */
        get: operations["getPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Merge-patch a page
         * @description Send the page's current `draft.updated_at` (from getPage or the last change) as `expected_updated_at`; a stale one gives 409 stale_snapshot: read the page again and redo the change.
         *
         *     Scope `pages:write`. Quota cost: 1 unit(s).
         */
        patch: operations["updatePage"];
        trace?: never;
    };
    "/v1/pages/{page_id}/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Append a block to the draft
         * @description Send the page's current `draft.updated_at` (from getPage or the last change) as `expected_updated_at`; a stale one gives 409 stale_snapshot: read the page again and redo the change.
         *
         *     Scope `pages:write`. Quota cost: 0 unit(s).
         */
        post: operations["addBlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}/blocks/{block_id}": {
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
         * Remove a block from the draft (not the last one)
         * @description Send the page's current `draft.updated_at` (from getPage or the last change) as `expected_updated_at`; a stale one gives 409 stale_snapshot: read the page again and redo the change.
         *
         *     Scope `pages:write`. Quota cost: 0 unit(s).
         */
        delete: operations["removeBlock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish now, or schedule with starts_at
         * @description Copies the current draft to the live page, now or at `starts_at` (the page then shows `scheduled_for`; cancelSchedule calls it off). Visitors see only what was published: later draft changes need another publish. To publish exactly the draft you read, send its `draft.updated_at` as `expected_updated_at`: a change since gives 409 stale_snapshot.
         *
         *     Scope `publish`. Quota cost: 1 unit(s).
         */
        post: operations["publishPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}/schedule": {
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
         * Cancel the page's scheduled publish
         * @description Calls off a publish scheduled with `starts_at` before it fires: nothing goes live, the draft and the live page stay as they are, and `scheduled_for` becomes null (`draft.updated_at` moves on). Answers like publish: `{page, scheduled_for: null}`. 404 resource_not_found when nothing is scheduled, including when the schedule has already fired.
         *
         *     Scope `publish`. Quota cost: 0 unit(s).
         */
        delete: operations["cancelSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take the page offline (ARCHIVED) and cancel a pending schedule
         * @description Takes the live page offline at once (its address answers 404) and cancels a scheduled publish; publish again to bring it back.
         *
         *     Scope `pages:write`. Quota cost: 0 unit(s).
         */
        post: operations["archivePage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pages/{page_id}/preview-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a signed, expiring link to the page's current draft
         * @description Scope `pages:write`. Quota cost: 0 unit(s).
         */
        post: operations["createPreviewLink"];
        /**
         * Revoke every preview link made so far for the page
         * @description For a preview link that was shared too widely: every link made for the page until now answers 404 at once, wherever it was sent; links made afterwards work. The page itself does not change (nor its `draft.updated_at`). Archiving a page also ends its links, for good.
         *
         *     Scope `pages:write`. Quota cost: 0 unit(s).
         */
        delete: operations["revokePreviewLinks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhook endpoints (at most 10, oldest first)
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create an endpoint: SSRF screen, then a signed endpoint.test that must get a 2xx
         * @description The service first sends a signed `endpoint.test` to the URL, which must answer 2xx in time (else 422 endpoint_verification_failed). The response holds the signing secret, shown only this once: store it. A receiver that refuses unsigned requests can be configured first with a secret you choose, sent as `secret`.
         *
         *     Scope `webhooks:write`. Quota cost: 0 unit(s).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an endpoint
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete an endpoint and its delivery history (irreversible)
         * @description Scope `webhooks:write`. Quota cost: 0 unit(s).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change the URL (re-verified), the event types, or enable/disable
         * @description A new URL is verified like at creation (a signed `endpoint.test` it must answer 2xx).
         *
         *     Scope `webhooks:write`. Quota cost: 0 unit(s).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new signing secret; the old one signs too for 24 hours
         * @description The response holds the new secret, shown only this once; the old one keeps signing too for 24 hours. The body may be left out; `secret` in it sets the new secret instead of a generated one.
         *
         *     Scope `webhooks:write`. Quota cost: 1 unit(s).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed endpoint.test now and report the outcome (not logged)
         * @description Scope `webhooks:write`. Quota cost: 1 unit(s).
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries, newest first
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one delivery with its attempts
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-queue one delivery now; the ladder restarts, webhook-id unchanged
         * @description Scope `webhooks:write`. Quota cost: 0 unit(s).
         */
        post: operations["resendDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{endpoint_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-queue every FAILED delivery created since an instant (last 30 days)
         * @description Scope `webhooks:write`. Quota cost: 0 unit(s).
         */
        post: operations["replayDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the events as they are published (Server-Sent Events)
         * @description A [Server-Sent Events](https://html.spec.whatwg.org/multipage/server-sent-events.html) stream of the events the workspace publishes, each the exact envelope a webhook delivery sends, within a second of its commit, whichever API process the client is connected to. It is what `bio-page listen` reads. Each event is a frame of three lines, then a blank line: `id: <event id>`, `event: <type>`, `data: <envelope JSON, one line>`. A comment line `: keep-alive` comes every 15 s. Without `Last-Event-ID` (or `after`) the stream starts with the events committed from now on; with it, it resumes right after that event, in publication order, so a client that reconnects loses none and gets none twice. An id the workspace has no event for (or none of the last 30 days) starts it from now. A backlog of any size is sent as fast as the client reads it. The stream belongs to the key that opened it: it ends within 15 s of that key being revoked or expiring (reconnecting is then 401), and after `EVENT_STREAM_MAX_SECONDS` (an hour); a process that stops ends its streams too: reconnect with `Last-Event-ID`. Each process holds at most `EVENT_STREAMS_MAX` streams (200), of one workspace `EVENT_STREAMS_PER_WORKSPACE` (10): past either, 503 `service_unavailable` with `Retry-After`; of one key `EVENT_STREAMS_PER_KEY` (5): past it, 429 `rate_limited`.
         *
         *     Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events of the last 30 days, newest first
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one event of the last 30 days, as its webhooks send it
         * @description Scope `webhooks:read`. Quota cost: 0 unit(s).
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Views, clicks, unique visitors, top links and referrers, and tips
         * @description Scope `analytics:read`. Quota cost: 1 unit(s).
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the custom domains, newest first
         * @description Scope `domains:read`. Quota cost: 1 unit(s).
         */
        get: operations["listDomains"];
        put?: never;
        /**
         * Claim a hostname for a page: answers the TXT record that proves it is yours
         * @description Create the TXT record `verification` names and CNAME the hostname to the service. It is checked with back-off for 7 days (or now: verifyDomain); once found, the page is served at `https://<hostname>/`. Creator plan 1 domain, Pro 3.
         *
         *     Scope `domains:write`. Quota cost: 1 unit(s).
         */
        post: operations["createDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains/{domain_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a custom domain
         * @description Scope `domains:read`. Quota cost: 1 unit(s).
         */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        /**
         * Remove a custom domain: the hostname stops serving the page at once
         * @description Scope `domains:write`. Quota cost: 0 unit(s).
         */
        delete: operations["deleteDomain"];
        options?: never;
        head?: never;
        /**
         * Point a custom domain at another page
         * @description Scope `domains:write`. Quota cost: 1 unit(s).
         */
        patch: operations["updateDomain"];
        trace?: never;
    };
    "/v1/domains/{domain_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look for the domain's TXT record now
         * @description Verified if the record is there (a `failed` domain too), else unchanged. No DNS answer: 503.
         *
         *     Scope `domains:write`. Quota cost: 1 unit(s).
         */
        post: operations["verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document (no key needed)
         * @description The OpenAPI 3.1 description of this API, the one the SDK is generated from.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A contact was captured (newsletter sign-up, form, gated download) */
        post: operations["onContactCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A contact was erased at its request: erase your copy of it (no personal data is sent) */
        post: operations["onContactDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "page.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page went live, published at once or when its schedule fired */
        post: operations["onPagePublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sale.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A tip or digital-product sale completed */
        post: operations["onSalePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sale.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A sale was refunded */
        post: operations["onSaleRefunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A custom domain's TXT record was found: its page is served on the hostname */
        post: operations["onDomainVerified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "domain.verification_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A custom domain's TXT record was not found in time (window_expired) or went away (record_removed) */
        post: operations["onDomainVerification_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "endpoint.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sent on endpoint creation, on a URL change and by the test operation (never subscribed, never stored) */
        post: operations["onEndpointTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ContactResponse: {
            id: string;
            email: string;
            name?: string | null;
            /** @enum {string} */
            source: "NEWSLETTER" | "FORM" | "GATED_DOWNLOAD";
            source_block_id?: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ContactList: {
            data: components["schemas"]["ContactResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        UploadFileBody: {
            /**
             * Format: binary
             * @description The file, with a filename (it becomes `name`) and a Content-Type that says what its bytes are: image/png, image/jpeg, image/webp, image/gif or application/pdf. At most 10 MiB (FILE_UPLOAD_MAX_BYTES).
             */
            file: string;
        };
        FileResponse: {
            id: string;
            name: string;
            mime_type: string;
            size_bytes: number;
            /** @description Path on this service that serves the bytes without a key; pass it as `file_url` when adding a block. */
            public_path: string;
            /** Format: date-time */
            created_at: string;
        };
        FileList: {
            data: components["schemas"]["FileResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        ThemeResponse: {
            label: string;
            /** @enum {string} */
            preset_key: "classic" | "midnight" | "sunrise" | "forest" | "mono";
        };
        BlockRefResponse: {
            id: string;
            /** @enum {string} */
            kind: "LINK" | "HEADER" | "TEXT" | "IMAGE" | "FILE" | "CAROUSEL" | "PRODUCT" | "VIDEO" | "SOCIAL" | "NEWSLETTER" | "TIP" | "EMBED";
            enabled: boolean;
            label: string;
            /** @description The block's contents as stored (URLs in their normalized form); its shape is the schema of its kind. */
            data: components["schemas"]["LinkBlockData"] | components["schemas"]["HeaderBlockData"] | components["schemas"]["TextBlockData"] | components["schemas"]["ImageBlockData"] | components["schemas"]["FileBlockData"] | components["schemas"]["CarouselBlockData"] | components["schemas"]["ProductBlockData"] | components["schemas"]["VideoBlockData"] | components["schemas"]["SocialBlockData"] | components["schemas"]["NewsletterBlockData"] | components["schemas"]["TipBlockData"] | components["schemas"]["EmbedBlockData"];
            /** @description A FILE block's file: its public path; null for other kinds. */
            file_url: string | null;
            /** @description A FILE block's file name; null for other kinds. */
            file_name: string | null;
        };
        DraftResponse: {
            /**
             * Format: date-time
             * @description The concurrency stamp every page write requires.
             */
            updated_at: string;
            block_count: number;
            blocks: components["schemas"]["BlockRefResponse"][];
        };
        PublishedResponse: {
            is_live: boolean;
            block_count: number;
            /** Format: date-time */
            live_updated_at: string | null;
        };
        PageResponse: {
            id: string;
            title: string;
            description: string;
            slug: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            locale: string;
            /** Format: uri */
            public_url: string | null;
            /** @description The ID of the image file shown as the page’s avatar, or null. */
            avatar_file_id: string | null;
            theme: components["schemas"]["ThemeResponse"];
            draft: components["schemas"]["DraftResponse"];
            published: components["schemas"]["PublishedResponse"];
            /**
             * Format: date-time
             * @description When a scheduled publish will copy the draft live (publishPage with `starts_at`); null when none is pending. cancelSchedule calls it off; publishing now or archiving clears it.
             */
            scheduled_for: string | null;
        };
        PageSummaryResponse: {
            id: string;
            title: string;
            slug: string;
            /** @enum {string} */
            status: "DRAFT" | "PUBLISHED" | "ARCHIVED";
            block_count: number;
            /** Format: uri */
            public_url: string | null;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: date-time
             * @description When a scheduled publish will copy the draft live (publishPage with `starts_at`); null when none is pending. cancelSchedule calls it off; publishing now or archiving clears it.
             */
            scheduled_for: string | null;
        };
        PageList: {
            data: components["schemas"]["PageSummaryResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        CreatePageBody: {
            title: string;
            description?: string;
            /** @description BCP 47 language tag; `en` when left out. */
            locale?: string;
            /**
             * @description `classic` when left out.
             * @enum {string}
             */
            theme_preset_key?: "classic" | "midnight" | "sunrise" | "forest" | "mono";
            /** @description The page’s address on the live site: lower-case letters, digits and single hyphens, 3 to 48 characters, not a reserved word (`v1`, `api`, `docs`, …). One another page holds, or gave up less than 90 days ago, gives 409 slug_taken. Left out, it is derived from the title (made unique with -2, -3, …). */
            slug?: string;
            /** @description The ID of an image file (PNG, JPEG, WebP or GIF) of this workspace, shown at the top of the live page and as its `og:image`; applies to the live page at once. */
            avatar_file_id?: string;
        };
        BlockUpdate: {
            block_id: string;
            /** @description Merge patch of the block data (null removes a field); the result must match the kind’s data schema. */
            data?: components["schemas"]["LinkBlockDataPatch"] | components["schemas"]["HeaderBlockDataPatch"] | components["schemas"]["TextBlockDataPatch"] | components["schemas"]["ImageBlockDataPatch"] | components["schemas"]["FileBlockDataPatch"] | components["schemas"]["CarouselBlockDataPatch"] | components["schemas"]["ProductBlockDataPatch"] | components["schemas"]["VideoBlockDataPatch"] | components["schemas"]["SocialBlockDataPatch"] | components["schemas"]["NewsletterBlockDataPatch"] | components["schemas"]["TipBlockDataPatch"] | components["schemas"]["EmbedBlockDataPatch"];
            /** @description Show or hide the block. */
            enabled?: boolean;
        };
        UpdatePageBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /** @description Applies to the live page at once. */
            title?: string;
            /** @description Applies to the live page at once. */
            description?: string;
            /**
             * @description Applies to the live page at once.
             * @enum {string}
             */
            theme_preset_key?: "classic" | "midnight" | "sunrise" | "forest" | "mono";
            /** @description The page’s address on the live site: lower-case letters, digits and single hyphens, 3 to 48 characters, not a reserved word (`v1`, `api`, `docs`, …). One another page holds, or gave up less than 90 days ago, gives 409 slug_taken. Routes at once; the old slug answers a 301 to the new one for 90 days and stays this workspace’s meanwhile. A new title never changes the slug. */
            slug?: string;
            /** @description The ID of an image file (PNG, JPEG, WebP or GIF) of this workspace, shown at the top of the live page and as its `og:image`; applies to the live page at once. null removes the avatar. */
            avatar_file_id?: string | null;
            /** @description Draft only, until publish. */
            block_updates?: components["schemas"]["BlockUpdate"][];
            /** @description Every block ID exactly once, top to bottom. Draft only, until publish. */
            block_order?: string[];
        };
        /** @description One block, its `data` typed by `kind`. */
        AddBlockBody: components["schemas"]["AddLinkBlockBody"] | components["schemas"]["AddHeaderBlockBody"] | components["schemas"]["AddTextBlockBody"] | components["schemas"]["AddImageBlockBody"] | components["schemas"]["AddFileBlockBody"] | components["schemas"]["AddCarouselBlockBody"] | components["schemas"]["AddProductBlockBody"] | components["schemas"]["AddVideoBlockBody"] | components["schemas"]["AddSocialBlockBody"] | components["schemas"]["AddNewsletterBlockBody"] | components["schemas"]["AddTipBlockBody"] | components["schemas"]["AddEmbedBlockBody"];
        PublishBody: {
            /**
             * Format: date-time
             * @description Omit to publish now; a future instant (at most one year ahead) schedules the publish and replaces a pending schedule.
             */
            starts_at?: string;
            /**
             * Format: date-time
             * @description Optional: the `draft.updated_at` of the draft you mean to publish. When the page was changed since, 409 stale_snapshot and nothing is published or scheduled; left out, whatever the draft holds now is published.
             */
            expected_updated_at?: string;
        };
        PublishResponse: {
            page: components["schemas"]["PageResponse"];
            /** Format: date-time */
            scheduled_for: string | null;
        };
        EmptyBody: Record<string, never>;
        CreatePreviewLinkBody: {
            /**
             * @description Seconds the link works for: 60 (a minute) to 604800 (7 days); 86400 (a day) when left out.
             * @default 86400
             */
            expires_in: number;
        };
        PreviewLinkResponse: {
            /** @enum {string} */
            object: "preview_link";
            page_id: string;
            /**
             * Format: uri
             * @description Opens the page's current draft (the newest, whenever it is opened) as it would look live, with a Preview banner; anyone holding it can open it until `expires_at`. Not indexed, not cached, no view counted.
             */
            url: string;
            /**
             * Format: date-time
             * @description After this instant the link opens the not-found page.
             */
            expires_at: string;
        };
        EndpointResponse: {
            id: string;
            url: string;
            /** @enum {string} */
            status: "ACTIVE" | "DISABLED";
            /** @enum {string|null} */
            disabled_reason: "MANUAL" | "CONSECUTIVE_FAILURES" | null;
            event_types: ("contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed")[];
            consecutive_failures: number;
            /** Format: date-time */
            last_success_at: string | null;
            /** Format: date-time */
            last_failure_at: string | null;
            /** Format: date-time */
            previous_secret_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EndpointListResponse: {
            data: components["schemas"]["EndpointResponse"][];
        };
        CreateEndpointBody: {
            /** @description Public HTTPS URL on port 443. Screened against private-network targets, then verified with a signed `endpoint.test` that must be answered 2xx. */
            url: string;
            event_types: ("contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed")[];
            /** @description Optional: the signing secret to use, for a receiver configured with it beforehand (one that refuses requests not signed with it). `whsec_` followed by the standard base64 (with `=` padding) of 24 to 64 bytes, as Svix secrets are; anything else is 400 at `/secret`. Without it the service generates one. The response returns it either way. */
            secret?: string;
        };
        EndpointWithSecretResponse: {
            endpoint: components["schemas"]["EndpointResponse"];
            /** @description The signing secret: the one given in the request, else `whsec_` + base64 of 32 random bytes. Shown only here. */
            secret: string;
        };
        UpdateEndpointBody: {
            /** @description Public HTTPS URL on port 443. Screened against private-network targets, then verified with a signed `endpoint.test` that must be answered 2xx. Re-verified only when it changes. */
            url?: string;
            event_types?: ("contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed")[];
            /** @description `true` re-enables (and resets `consecutive_failures`); `false` disables with reason MANUAL. */
            enabled?: boolean;
        };
        RotateSecretBody: {
            /** @description Optional: the new signing secret, for a receiver configured with it beforehand (one that refuses requests not signed with it). `whsec_` followed by the standard base64 (with `=` padding) of 24 to 64 bytes, as Svix secrets are; anything else is 400 at `/secret`. Without it the service generates one. The response returns it either way. The old secret keeps signing too for 24 hours, as when the service generates the new one. */
            secret?: string;
        };
        RotatedSecretResponse: {
            endpoint: components["schemas"]["EndpointResponse"];
            /** @description The signing secret: the one given in the request, else `whsec_` + base64 of 32 random bytes. Shown only here. */
            secret: string;
            /**
             * Format: date-time
             * @description Until then the old secret signs too (a second `v1,` entry).
             */
            previous_secret_expires_at: string;
        };
        TestSendResponse: {
            delivered: boolean;
            status_code: number | null;
            /** @description Null when delivered; else the status and the start of the body, or the network error. */
            error: string | null;
        };
        AttemptResponse: {
            number: number;
            status_code: number | null;
            error: string | null;
            duration_ms: number;
            /** Format: date-time */
            at: string;
        };
        DeliveryResponse: {
            id: string;
            /** @description The envelope id (`whmsg_…`), sent as `webhook-id`. */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            attempt_count: number;
            /** Format: date-time */
            next_attempt_at: string | null;
            last_status_code: number | null;
            /** Format: date-time */
            created_at: string;
            attempts: components["schemas"]["AttemptResponse"][];
        };
        DeliveryList: {
            data: components["schemas"]["DeliveryResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        ReplayBody: {
            /**
             * Format: date-time
             * @description Re-queue every FAILED delivery created at or after this instant (at most 30 days ago): an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`.
             */
            since: string;
        };
        ReplayResponse: {
            replayed: number;
        };
        EventResponse: {
            /** @description The event id: the `webhook-id` its deliveries carry. */
            id: string;
            /** @enum {string} */
            type: "contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed";
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            /** @description The event's data, as in the webhook of its type (see the document's `webhooks`). */
            data: {
                [key: string]: unknown;
            };
        };
        EventList: {
            data: components["schemas"]["EventResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        Totals: {
            views: number;
            clicks: number;
            unique_visitors: number;
            /** @description clicks / views × 100, 2 decimals; 0 without views */
            ctr_percent: number;
        };
        TopLink: {
            /** @description the LINK block's label */
            label: string;
            /** @description the link target (not the tracked redirect) */
            url: string;
            clicks: number;
            page_title: string;
        };
        TopReferrer: {
            /** @description referrer host, or "Direct" */
            label: string;
            views: number;
        };
        Tips: {
            count: number;
            total_gross_cents: number;
            refunded_count: number;
            unique_fans: number;
            /** @description lower-case currency code */
            currency: string;
        };
        AnalyticsSummaryResponse: {
            /** @enum {integer} */
            range_days: 7 | 30 | 90;
            totals: components["schemas"]["Totals"];
            top_links: components["schemas"]["TopLink"][];
            top_referrers: components["schemas"]["TopReferrer"][];
            tips: components["schemas"]["Tips"];
        };
        ClaimDomainBody: {
            /** @description E.g. `links.example.com` (stored lower-case, punycode). Not an IP, a single label, `localhost`, a wildcard or the service's own host. */
            hostname: string;
            /** @description The page served at the root of the hostname once verified. */
            page_id: string;
        };
        DomainResponse: {
            id: string;
            hostname: string;
            page_id: string;
            /** @enum {string} */
            status: "pending" | "verified" | "failed";
            verification?: {
                /** @enum {string} */
                type: "TXT";
                name: string;
                value: string;
            };
            verified_at: string | null;
            last_checked_at: string | null;
            next_check_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        DomainList: {
            data: components["schemas"]["DomainResponse"][];
            has_more: boolean;
            /** @description Pass back as `after`; null on the last page. */
            next_cursor: string | null;
        };
        RepointDomainBody: {
            /** @description The page to serve there instead. */
            page_id: string;
        };
        Problem: {
            /**
             * Format: uri
             * @description {docs_url}/errors/<code-with-hyphens>
             */
            type: string;
            title: string;
            status: number;
            /** @description urn:request:<request_id> */
            instance: string;
            /**
             * @description Branch on this. Known values: invalid_request, invalid_api_key, insufficient_scope, feature_not_enabled, test_key_read_only, plan_limit, resource_not_found, route_not_found, method_not_allowed, stale_snapshot, last_block_required, page_archived, slug_taken, domain_taken, idempotency_request_in_progress, request_timeout, request_header_fields_too_large, payload_too_large, range_not_satisfiable, unsupported_media_type, endpoint_limit_reached, endpoint_verification_failed, storage_quota_exceeded, idempotency_key_reused, rate_limited, quota_exhausted, internal_error, service_unavailable. Treat an unknown code by its HTTP status.
             * @example invalid_request
             * @example invalid_api_key
             * @example insufficient_scope
             * @example feature_not_enabled
             * @example test_key_read_only
             * @example plan_limit
             * @example resource_not_found
             * @example route_not_found
             * @example method_not_allowed
             * @example stale_snapshot
             * @example last_block_required
             * @example page_archived
             * @example slug_taken
             * @example domain_taken
             * @example idempotency_request_in_progress
             * @example request_timeout
             * @example request_header_fields_too_large
             * @example payload_too_large
             * @example range_not_satisfiable
             * @example unsupported_media_type
             * @example endpoint_limit_reached
             * @example endpoint_verification_failed
             * @example storage_quota_exceeded
             * @example idempotency_key_reused
             * @example rate_limited
             * @example quota_exhausted
             * @example internal_error
             * @example service_unavailable
             */
            code: string;
            /** @description equals the X-Request-Id header */
            request_id: string;
            detail?: string;
            errors?: {
                pointer?: string;
                parameter?: string;
                detail: string;
            }[];
        };
        WebhookSale: {
            id: string;
            /** @enum {string} */
            kind: "PRODUCT" | "TIP";
            gross_amount_cents: number;
            net_amount_cents: number;
            currency: string;
            customer_email: string;
            /** Format: date-time */
            created_at: string;
        };
        /** LINK block data */
        LinkBlockData: {
            /**
             * Format: uri
             * @description target of the link
             */
            url: string;
            title: string;
            description?: string;
        };
        /** HEADER block data */
        HeaderBlockData: {
            text: string;
        };
        /** TEXT block data */
        TextBlockData: {
            text: string;
        };
        /** IMAGE block data */
        ImageBlockData: {
            /** @description alternative text for screen readers */
            alt?: string;
            caption?: string;
            /**
             * Format: uri
             * @description optional target when the image is tapped
             */
            link_url?: string;
        };
        /** FILE block data */
        FileBlockData: {
            /** @description defaults to the file name */
            title?: string;
            /** @description ask for an e-mail address before the download (captures a GATED_DOWNLOAD contact) */
            gated?: boolean;
        };
        /** CAROUSEL block data */
        CarouselBlockData: {
            title?: string;
            /** @description more images after `file_url`: public_path values of workspace files */
            images?: string[];
        };
        /** PRODUCT block data */
        ProductBlockData: {
            title: string;
            description?: string;
            price_cents: number;
            currency: string;
        };
        /** VIDEO block data */
        VideoBlockData: {
            /**
             * Format: uri
             * @description https URL of the video (YouTube, Vimeo, …)
             */
            url: string;
            title?: string;
        };
        /** SOCIAL block data */
        SocialBlockData: {
            /** @enum {string} */
            platform: "instagram" | "tiktok" | "youtube" | "x" | "facebook" | "linkedin" | "github" | "twitch" | "spotify" | "threads" | "bluesky" | "website";
            /**
             * Format: uri
             * @description https URL
             */
            url: string;
        };
        /** NEWSLETTER block data */
        NewsletterBlockData: {
            /** @description defaults to "Newsletter" */
            title?: string;
            description?: string;
            button_label?: string;
        };
        /** TIP block data */
        TipBlockData: {
            /** @description defaults to "Tip jar" */
            title?: string;
            currency: string;
            suggested_amounts_cents?: number[];
        };
        /** EMBED block data */
        EmbedBlockData: {
            /**
             * Format: uri
             * @description a link to YouTube, Vimeo, Spotify, SoundCloud, Apple Music, shown as a card (nothing is loaded from there)
             */
            url: string;
            title?: string;
        };
        /** Add a LINK block */
        AddLinkBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "LINK";
            data: components["schemas"]["LinkBlockData"];
        };
        /** Add a HEADER block */
        AddHeaderBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "HEADER";
            data: components["schemas"]["HeaderBlockData"];
        };
        /** Add a TEXT block */
        AddTextBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "TEXT";
            data: components["schemas"]["TextBlockData"];
        };
        /** Add a IMAGE block */
        AddImageBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "IMAGE";
            data?: components["schemas"]["ImageBlockData"];
            /** @description The `public_path` of a workspace file. */
            file_url: string;
            /** @description Display name (defaults to the file’s name). */
            file_name?: string;
        };
        /** Add a FILE block */
        AddFileBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "FILE";
            data?: components["schemas"]["FileBlockData"];
            /** @description The `public_path` of a workspace file. */
            file_url: string;
            /** @description Display name (defaults to the file’s name). */
            file_name?: string;
        };
        /** Add a CAROUSEL block */
        AddCarouselBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "CAROUSEL";
            data?: components["schemas"]["CarouselBlockData"];
            /** @description The `public_path` of a workspace file. */
            file_url: string;
            /** @description Display name (defaults to the file’s name). */
            file_name?: string;
        };
        /** Add a PRODUCT block */
        AddProductBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "PRODUCT";
            data: components["schemas"]["ProductBlockData"];
            /** @description The `public_path` of a workspace file. */
            file_url: string;
            /** @description Display name (defaults to the file’s name). */
            file_name?: string;
        };
        /** Add a VIDEO block */
        AddVideoBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "VIDEO";
            data: components["schemas"]["VideoBlockData"];
        };
        /** Add a SOCIAL block */
        AddSocialBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "SOCIAL";
            data: components["schemas"]["SocialBlockData"];
        };
        /** Add a NEWSLETTER block */
        AddNewsletterBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "NEWSLETTER";
            data?: components["schemas"]["NewsletterBlockData"];
        };
        /** Add a TIP block */
        AddTipBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "TIP";
            data: components["schemas"]["TipBlockData"];
        };
        /** Add a EMBED block */
        AddEmbedBlockBody: {
            /**
             * Format: date-time
             * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
             */
            expected_updated_at: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "EMBED";
            data: components["schemas"]["EmbedBlockData"];
        };
        /** LINK block data patch */
        LinkBlockDataPatch: {
            /**
             * Format: uri
             * @description target of the link
             */
            url?: string;
            title?: string;
            description?: string | null;
        };
        /** HEADER block data patch */
        HeaderBlockDataPatch: {
            text?: string;
        };
        /** TEXT block data patch */
        TextBlockDataPatch: {
            text?: string;
        };
        /** IMAGE block data patch */
        ImageBlockDataPatch: {
            alt?: string | null;
            caption?: string | null;
            link_url?: string | null;
        };
        /** FILE block data patch */
        FileBlockDataPatch: {
            title?: string | null;
            gated?: boolean | null;
        };
        /** CAROUSEL block data patch */
        CarouselBlockDataPatch: {
            title?: string | null;
            images?: string[] | null;
        };
        /** PRODUCT block data patch */
        ProductBlockDataPatch: {
            title?: string;
            description?: string | null;
            price_cents?: number;
            currency?: string;
        };
        /** VIDEO block data patch */
        VideoBlockDataPatch: {
            /**
             * Format: uri
             * @description https URL of the video (YouTube, Vimeo, …)
             */
            url?: string;
            title?: string | null;
        };
        /** SOCIAL block data patch */
        SocialBlockDataPatch: {
            /** @enum {string} */
            platform?: "instagram" | "tiktok" | "youtube" | "x" | "facebook" | "linkedin" | "github" | "twitch" | "spotify" | "threads" | "bluesky" | "website";
            /**
             * Format: uri
             * @description https URL
             */
            url?: string;
        };
        /** NEWSLETTER block data patch */
        NewsletterBlockDataPatch: {
            title?: string | null;
            description?: string | null;
            button_label?: string | null;
        };
        /** TIP block data patch */
        TipBlockDataPatch: {
            title?: string | null;
            currency?: string;
            suggested_amounts_cents?: number[] | null;
        };
        /** EMBED block data patch */
        EmbedBlockDataPatch: {
            /**
             * Format: uri
             * @description a link to YouTube, Vimeo, Spotify, SoundCloud, Apple Music, shown as a card (nothing is loaded from there)
             */
            url?: string;
            title?: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id: the `request_id` of a problem, and of the request in the logs. A client-sent safe value is echoed. */
        "X-Request-Id": string;
        /** @description Remaining requests and seconds to reset, per policy (draft-ietf-httpapi-ratelimit-headers): `"burst";r=97;t=8, …`. */
        RateLimit: string;
        /** @description The limits that apply to the key: `"burst";q=100;w=10, "monthly";q=100000;w=2592000`. */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
        /** @description The scopes of the API key that made the request, comma-separated (as GitHub tells OAuth scopes): `pages:read, pages:write`. On every response to a recognised key, so a tool learns what it may do from any call. */
        "X-Api-Key-Scopes": string;
        /** @description The mode of the API key that made the request: `live`, or `test` (read-only). */
        "X-Api-Key-Mode": "live" | "test";
        /** @description `true` when this is the stored result of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listContacts: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description The contact to erase (ctc_…)
                 * @example ctc_cLp43rqhFcXg17oX6uXoOplP
                 */
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFiles: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadFileBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Path of the created resource */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused, storage_quota_exceeded */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPages: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePageBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Path of the created resource */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress, slug_taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePageBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: stale_snapshot, slug_taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addBlock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddBlockBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress, stale_snapshot */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeBlock: {
        parameters: {
            query: {
                /**
                 * @description The `draft.updated_at` you last read, as an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`: any such spelling of the same instant matches; a date alone or a time without an offset is refused. A mismatch gives 409 stale_snapshot.
                 * @example 2026-11-24T04:24:59.411Z
                 */
                expected_updated_at: string;
            };
            header?: never;
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
                /** @example blk_pMNIyoKjTFw7iicFhLWr0nop */
                block_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: stale_snapshot, last_block_required */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishPage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PublishBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress, stale_snapshot */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelSchedule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    archivePage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPreviewLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreatePreviewLinkBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Path of the created resource */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewLinkResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress, page_archived */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokePreviewLinks: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description Page ID
                 * @example pg_gad3X3liacH55CKkRPX3MpaV
                 */
                page_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointListResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEndpointBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Path of the created resource */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointWithSecretResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused, endpoint_limit_reached, endpoint_verification_failed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEndpointBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: endpoint_verification_failed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateSecretBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecretResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestSendResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
                /**
                 * @description Only deliveries in this status.
                 * @example FAILED
                 */
                status?: "PENDING" | "SUCCEEDED" | "FAILED";
            };
            header?: never;
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
                /** @example dlv_jPRjjWUeFykiHPYtXnxiB0E1 */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
                /** @example dlv_jPRjjWUeFykiHPYtXnxiB0E1 */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replayDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example we_SE9eYNVxZlMhmwUS8FmKEmKd */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayBody"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events of these types (repeat the parameter: `?type=a&type=b`). Default: all.
                 * @example [
                 *       "contact.created"
                 *     ]
                 */
                type?: ("contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed")[];
                /**
                 * @description Resume after this event (its `id`), as the `Last-Event-ID` header does; this parameter wins when both are given.
                 * @example whmsg_LVTj7sEWgmrttSBVutOaNxI0
                 */
                after?: string;
            };
            header?: {
                /**
                 * @description The `id` of the last event received: the stream resumes after it (sent by EventSource on reconnecting).
                 * @example whmsg_LVTj7sEWgmrttSBVutOaNxI0
                 */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: one frame per event (`id`, `event`, `data`: the envelope), comments to keep it alive. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
                /**
                 * @description Only events of these types; repeat the parameter for several (`?type=a&type=b`).
                 * @example [
                 *       "contact.created",
                 *       "contact.deleted"
                 *     ]
                 */
                type?: ("contact.created" | "contact.deleted" | "page.published" | "sale.paid" | "sale.refunded" | "domain.verified" | "domain.verification_failed")[];
                /**
                 * @description Only events created at or after this instant: an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`.
                 * @example 2026-11-23T00:00:00Z
                 */
                created_after?: string;
                /**
                 * @description Only events created before this instant: an RFC 3339 date-time with an offset (`Z` or `±hh:mm`; seconds and a fraction optional), e.g. `2026-11-22T10:00:00Z`.
                 * @example 2026-11-24T00:00:00Z
                 */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whmsg_LVTj7sEWgmrttSBVutOaNxI0 */
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: {
                /**
                 * @description The last 7, 30 or 90 UTC days, today included.
                 * @example 30
                 */
                range_days?: 7 | 30 | 90;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSummaryResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDomains: {
        parameters: {
            query?: {
                /** @example 25 */
                limit?: number;
                /**
                 * @description Opaque cursor: a `next_cursor` from the previous page.
                 * @example eyJrIjpbIjIwMjYtMTEtMjRUMDQ6MjQ6NTkuNDExWiJdfQ
                 */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createDomain: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimDomainBody"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Path of the created resource */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only, plan_limit */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress, domain_taken */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example dom_8kQ2xVb1LmNp4RtY7cWz3HdF */
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDomain: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example dom_8kQ2xVb1LmNp4RtY7cWz3HdF */
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example dom_8kQ2xVb1LmNp4RtY7cWz3HdF */
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RepointDomainBody"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verifyDomain: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 1..255 printable ASCII characters; retained 24 h.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @example dom_8kQ2xVb1LmNp4RtY7cWz3HdF */
                domain_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description Problem: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: insufficient_scope, feature_not_enabled, test_key_read_only */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: resource_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_timeout */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_request_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited, quota_exhausted */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: request_header_fields_too_large */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document. When a recognised API key is sent along, what it may do is told back in headers. */
            200: {
                headers: {
                    "X-Api-Key-Scopes": components["headers"]["X-Api-Key-Scopes"];
                    "X-Api-Key-Mode": components["headers"]["X-Api-Key-Mode"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Problem: a request that cannot be read (a malformed URL or HTTP), invalid_request */
            "4XX": {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    onContactCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "contact.created",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "contact": {
                 *           "id": "ctc_cLp43rqhFcXg17oX6uXoOplP",
                 *           "email": "reader@example.com",
                 *           "name": "Reader",
                 *           "source": "NEWSLETTER",
                 *           "source_block_id": "blk_Q2h5dGpMbDd1Wk9xYkR6",
                 *           "created_at": "2026-11-24T04:24:59.368Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "contact.created";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        contact: components["schemas"]["ContactResponse"];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "contact.deleted",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "contact": {
                 *           "id": "ctc_cLp43rqhFcXg17oX6uXoOplP",
                 *           "deleted_at": "2026-11-26T09:12:03.511Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "contact.deleted";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        contact: {
                            id: string;
                            /** Format: date-time */
                            deleted_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPagePublished: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "page.published",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "page": {
                 *           "id": "pg_gad3X3liacH55CKkRPX3MpaV",
                 *           "title": "Ada Lovelace",
                 *           "slug": "ada-lovelace",
                 *           "published_at": "2026-11-24T04:25:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "page.published";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        page: {
                            id: string;
                            title: string;
                            slug: string;
                            /** Format: date-time */
                            published_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSalePaid: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "sale.paid",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "sale": {
                 *           "id": "sale_Zt2kQ8vYc1mNp4RxWd7LsA0e",
                 *           "kind": "TIP",
                 *           "gross_amount_cents": 500,
                 *           "net_amount_cents": 450,
                 *           "currency": "usd",
                 *           "customer_email": "fan@example.com",
                 *           "created_at": "2026-11-24T04:31:10.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "sale.paid";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        sale: components["schemas"]["WebhookSale"];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSaleRefunded: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "sale.refunded",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "sale": {
                 *           "id": "sale_Zt2kQ8vYc1mNp4RxWd7LsA0e",
                 *           "kind": "TIP",
                 *           "gross_amount_cents": 500,
                 *           "net_amount_cents": 450,
                 *           "currency": "usd",
                 *           "customer_email": "fan@example.com",
                 *           "created_at": "2026-11-24T04:31:10.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "sale.refunded";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        sale: components["schemas"]["WebhookSale"];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDomainVerified: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "domain.verified",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "domain": {
                 *           "id": "dom_8kQ2xVb1LmNp4RtY7cWz3HdF",
                 *           "hostname": "links.example.com",
                 *           "page_id": "pg_gad3X3liacH55CKkRPX3MpaV",
                 *           "status": "verified",
                 *           "verification": {
                 *             "type": "TXT",
                 *             "name": "_bio-page.links.example.com",
                 *             "value": "bio-page-verify=Vq3L0m9XcR2pT8wK4yN6bH1s"
                 *           },
                 *           "verified_at": "2026-12-01T10:04:00.000Z",
                 *           "last_checked_at": "2026-12-01T10:04:00.000Z",
                 *           "next_check_at": "2026-12-02T10:04:00.000Z",
                 *           "created_at": "2026-12-01T10:00:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "domain.verified";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        domain: components["schemas"]["DomainResponse"];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onDomainVerification_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "domain.verification_failed",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "domain": {
                 *           "id": "dom_8kQ2xVb1LmNp4RtY7cWz3HdF",
                 *           "hostname": "links.example.com",
                 *           "page_id": "pg_gad3X3liacH55CKkRPX3MpaV",
                 *           "status": "failed",
                 *           "verification": {
                 *             "type": "TXT",
                 *             "name": "_bio-page.links.example.com",
                 *             "value": "bio-page-verify=Vq3L0m9XcR2pT8wK4yN6bH1s"
                 *           },
                 *           "verified_at": null,
                 *           "last_checked_at": "2026-12-08T10:00:00.000Z",
                 *           "next_check_at": null,
                 *           "created_at": "2026-12-01T10:00:00.000Z"
                 *         },
                 *         "reason": "window_expired"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "domain.verification_failed";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        domain: components["schemas"]["DomainResponse"];
                        /** @enum {string} */
                        reason: "window_expired" | "record_removed";
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onEndpointTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The envelope `id` (`whmsg_…`): the same on every attempt; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix time in seconds of this attempt; refuse it when more than 300 s away from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64>` entries, each base64(HMAC-SHA256(secret bytes after `whsec_`, `<id>.<timestamp>.<raw body>`)); two while a rotated secret overlaps (24 h): accept any that matches. Verify with the `standardwebhooks` package. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "whmsg_LVTj7sEWgmrttSBVutOaNxI0",
                 *       "type": "endpoint.test",
                 *       "created_at": "2026-11-24T04:25:00.000Z",
                 *       "data": {
                 *         "message": "This is a test event. If you can read this, your endpoint receives signed webhooks."
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Stable across retries and resends. */
                    id: string;
                    /** @constant */
                    type: "endpoint.test";
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        message: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx counts as delivered; anything else (or no answer within 10 s) is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

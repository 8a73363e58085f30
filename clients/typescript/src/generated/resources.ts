// Generated from docs/openapi.json by scripts/generate-sdk-resources.mjs (npm run openapi). Do not edit.

import type { Body, ListPromise, PathParams, Query, Requester, RequestOptions, Result } from '../resource.js';

/** `client.contacts` */
export class Contacts {
  constructor(private readonly requester: Requester) {}

  /** List captured contacts, newest first (`GET /v1/contacts`). Await it for the first page, or `for await` every item. */
  list(query?: Query<"listContacts">, options?: RequestOptions): ListPromise<"listContacts"> {
    return this.requester.list("/v1/contacts", { query }, options);
  }

  /** Erase a contact for good: its address and name, in every copy the service keeps (`DELETE /v1/contacts/{contact_id}`) */
  delete(contactId: PathParams<"deleteContact">["contact_id"], options?: RequestOptions): Result<"deleteContact"> {
    return this.requester.call("delete", "/v1/contacts/{contact_id}", { path: { contact_id: contactId } }, options);
  }
}

/** `client.files` */
export class Files {
  constructor(private readonly requester: Requester) {}

  /** List workspace files, newest first (`GET /v1/files`). Await it for the first page, or `for await` every item. */
  list(query?: Query<"listFiles">, options?: RequestOptions): ListPromise<"listFiles"> {
    return this.requester.list("/v1/files", { query }, options);
  }

  /** Upload a file (PNG, JPEG, WebP, GIF or PDF, at most 10 MiB) as multipart/form-data (`POST /v1/files`) */
  upload(body: Body<"uploadFile">, options?: RequestOptions): Result<"uploadFile"> {
    return this.requester.call("post", "/v1/files", { body, multipart: true }, options);
  }
}

/** `client.pages` */
export class Pages {
  constructor(private readonly requester: Requester) {}

  /** List pages, newest-updated first (`GET /v1/pages`). Await it for the first page, or `for await` every item. */
  list(query?: Query<"listPages">, options?: RequestOptions): ListPromise<"listPages"> {
    return this.requester.list("/v1/pages", { query }, options);
  }

  /** Create a page (DRAFT, nothing live) (`POST /v1/pages`) */
  create(body: Body<"createPage">, options?: RequestOptions): Result<"createPage"> {
    return this.requester.call("post", "/v1/pages", { body }, options);
  }

  /** Get a page: draft and live state, blocks, theme, route and stamp (`GET /v1/pages/{page_id}`) */
  get(pageId: PathParams<"getPage">["page_id"], options?: RequestOptions): Result<"getPage"> {
    return this.requester.call("get", "/v1/pages/{page_id}", { path: { page_id: pageId } }, options);
  }

  /** Merge-patch a page (`PATCH /v1/pages/{page_id}`) */
  update(pageId: PathParams<"updatePage">["page_id"], body: Body<"updatePage">, options?: RequestOptions): Result<"updatePage"> {
    return this.requester.call("patch", "/v1/pages/{page_id}", { path: { page_id: pageId }, body }, options);
  }

  /** Append a block to the draft (`POST /v1/pages/{page_id}/blocks`) */
  addBlock(pageId: PathParams<"addBlock">["page_id"], body: Body<"addBlock">, options?: RequestOptions): Result<"addBlock"> {
    return this.requester.call("post", "/v1/pages/{page_id}/blocks", { path: { page_id: pageId }, body }, options);
  }

  /** Remove a block from the draft (not the last one) (`DELETE /v1/pages/{page_id}/blocks/{block_id}`) */
  removeBlock(pageId: PathParams<"removeBlock">["page_id"], blockId: PathParams<"removeBlock">["block_id"], query: Query<"removeBlock">, options?: RequestOptions): Result<"removeBlock"> {
    return this.requester.call("delete", "/v1/pages/{page_id}/blocks/{block_id}", { path: { page_id: pageId, block_id: blockId }, query }, options);
  }

  /** Publish now, or schedule with starts_at (`POST /v1/pages/{page_id}/publish`) */
  publish(pageId: PathParams<"publishPage">["page_id"], body?: Body<"publishPage">, options?: RequestOptions): Result<"publishPage"> {
    return this.requester.call("post", "/v1/pages/{page_id}/publish", { path: { page_id: pageId }, body: body ?? {} }, options);
  }

  /** Cancel the page's scheduled publish (`DELETE /v1/pages/{page_id}/schedule`) */
  cancelSchedule(pageId: PathParams<"cancelSchedule">["page_id"], options?: RequestOptions): Result<"cancelSchedule"> {
    return this.requester.call("delete", "/v1/pages/{page_id}/schedule", { path: { page_id: pageId } }, options);
  }

  /** Take the page offline (ARCHIVED) and cancel a pending schedule (`POST /v1/pages/{page_id}/archive`) */
  archive(pageId: PathParams<"archivePage">["page_id"], body?: Body<"archivePage">, options?: RequestOptions): Result<"archivePage"> {
    return this.requester.call("post", "/v1/pages/{page_id}/archive", { path: { page_id: pageId }, body: body ?? {} }, options);
  }

  /** Make a signed, expiring link to the page's current draft (`POST /v1/pages/{page_id}/preview-links`) */
  createPreviewLink(pageId: PathParams<"createPreviewLink">["page_id"], body?: Body<"createPreviewLink">, options?: RequestOptions): Result<"createPreviewLink"> {
    return this.requester.call("post", "/v1/pages/{page_id}/preview-links", { path: { page_id: pageId }, body: body ?? {} }, options);
  }

  /** Revoke every preview link made so far for the page (`DELETE /v1/pages/{page_id}/preview-links`) */
  revokePreviewLinks(pageId: PathParams<"revokePreviewLinks">["page_id"], options?: RequestOptions): Result<"revokePreviewLinks"> {
    return this.requester.call("delete", "/v1/pages/{page_id}/preview-links", { path: { page_id: pageId } }, options);
  }
}

/** `client.webhookEndpoints` */
export class WebhookEndpoints {
  constructor(private readonly requester: Requester) {}

  /** List the webhook endpoints (at most 10, oldest first) (`GET /v1/webhook-endpoints`) */
  list(options?: RequestOptions): Result<"listWebhookEndpoints"> {
    return this.requester.call("get", "/v1/webhook-endpoints", {}, options);
  }

  /** Create an endpoint: SSRF screen, then a signed endpoint.test that must get a 2xx (`POST /v1/webhook-endpoints`) */
  create(body: Body<"createWebhookEndpoint">, options?: RequestOptions): Result<"createWebhookEndpoint"> {
    return this.requester.call("post", "/v1/webhook-endpoints", { body }, options);
  }

  /** Get an endpoint (`GET /v1/webhook-endpoints/{endpoint_id}`) */
  get(endpointId: PathParams<"getWebhookEndpoint">["endpoint_id"], options?: RequestOptions): Result<"getWebhookEndpoint"> {
    return this.requester.call("get", "/v1/webhook-endpoints/{endpoint_id}", { path: { endpoint_id: endpointId } }, options);
  }

  /** Change the URL (re-verified), the event types, or enable/disable (`PATCH /v1/webhook-endpoints/{endpoint_id}`) */
  update(endpointId: PathParams<"updateWebhookEndpoint">["endpoint_id"], body?: Body<"updateWebhookEndpoint">, options?: RequestOptions): Result<"updateWebhookEndpoint"> {
    return this.requester.call("patch", "/v1/webhook-endpoints/{endpoint_id}", { path: { endpoint_id: endpointId }, body: body ?? {} }, options);
  }

  /** Delete an endpoint and its delivery history (irreversible) (`DELETE /v1/webhook-endpoints/{endpoint_id}`) */
  delete(endpointId: PathParams<"deleteWebhookEndpoint">["endpoint_id"], options?: RequestOptions): Result<"deleteWebhookEndpoint"> {
    return this.requester.call("delete", "/v1/webhook-endpoints/{endpoint_id}", { path: { endpoint_id: endpointId } }, options);
  }

  /** Issue a new signing secret; the old one signs too for 24 hours (`POST /v1/webhook-endpoints/{endpoint_id}/rotate-secret`) */
  rotateSecret(endpointId: PathParams<"rotateWebhookSecret">["endpoint_id"], body?: Body<"rotateWebhookSecret">, options?: RequestOptions): Result<"rotateWebhookSecret"> {
    return this.requester.call("post", "/v1/webhook-endpoints/{endpoint_id}/rotate-secret", { path: { endpoint_id: endpointId }, body: body ?? {} }, options);
  }

  /** Send a signed endpoint.test now and report the outcome (not logged) (`POST /v1/webhook-endpoints/{endpoint_id}/test`) */
  sendTest(endpointId: PathParams<"sendWebhookTest">["endpoint_id"], options?: RequestOptions): Result<"sendWebhookTest"> {
    return this.requester.call("post", "/v1/webhook-endpoints/{endpoint_id}/test", { path: { endpoint_id: endpointId } }, options);
  }

  /** List deliveries, newest first (`GET /v1/webhook-endpoints/{endpoint_id}/deliveries`). Await it for the first page, or `for await` every item. */
  listDeliveries(endpointId: PathParams<"listDeliveries">["endpoint_id"], query?: Query<"listDeliveries">, options?: RequestOptions): ListPromise<"listDeliveries"> {
    return this.requester.list("/v1/webhook-endpoints/{endpoint_id}/deliveries", { path: { endpoint_id: endpointId }, query }, options);
  }

  /** Get one delivery with its attempts (`GET /v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}`) */
  getDelivery(endpointId: PathParams<"getDelivery">["endpoint_id"], deliveryId: PathParams<"getDelivery">["delivery_id"], options?: RequestOptions): Result<"getDelivery"> {
    return this.requester.call("get", "/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}", { path: { endpoint_id: endpointId, delivery_id: deliveryId } }, options);
  }

  /** Re-queue one delivery now; the ladder restarts, webhook-id unchanged (`POST /v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/resend`) */
  resendDelivery(endpointId: PathParams<"resendDelivery">["endpoint_id"], deliveryId: PathParams<"resendDelivery">["delivery_id"], options?: RequestOptions): Result<"resendDelivery"> {
    return this.requester.call("post", "/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/resend", { path: { endpoint_id: endpointId, delivery_id: deliveryId } }, options);
  }

  /** Re-queue every FAILED delivery created since an instant (last 30 days) (`POST /v1/webhook-endpoints/{endpoint_id}/replay`) */
  replayDeliveries(endpointId: PathParams<"replayDeliveries">["endpoint_id"], body: Body<"replayDeliveries">, options?: RequestOptions): Result<"replayDeliveries"> {
    return this.requester.call("post", "/v1/webhook-endpoints/{endpoint_id}/replay", { path: { endpoint_id: endpointId }, body }, options);
  }
}

/** `client.events` */
export class Events {
  constructor(private readonly requester: Requester) {}

  /** List the events of the last 30 days, newest first (`GET /v1/events`). Await it for the first page, or `for await` every item. */
  list(query?: Query<"listEvents">, options?: RequestOptions): ListPromise<"listEvents"> {
    return this.requester.list("/v1/events", { query }, options);
  }

  /** Get one event of the last 30 days, as its webhooks send it (`GET /v1/events/{event_id}`) */
  get(eventId: PathParams<"getEvent">["event_id"], options?: RequestOptions): Result<"getEvent"> {
    return this.requester.call("get", "/v1/events/{event_id}", { path: { event_id: eventId } }, options);
  }
}

/** `client.analytics` */
export class Analytics {
  constructor(private readonly requester: Requester) {}

  /** Views, clicks, unique visitors, top links and referrers, and tips (`GET /v1/analytics/summary`) */
  getSummary(query?: Query<"getAnalyticsSummary">, options?: RequestOptions): Result<"getAnalyticsSummary"> {
    return this.requester.call("get", "/v1/analytics/summary", { query }, options);
  }
}

/** `client.domains` */
export class Domains {
  constructor(private readonly requester: Requester) {}

  /** List the custom domains, newest first (`GET /v1/domains`). Await it for the first page, or `for await` every item. */
  list(query?: Query<"listDomains">, options?: RequestOptions): ListPromise<"listDomains"> {
    return this.requester.list("/v1/domains", { query }, options);
  }

  /** Claim a hostname for a page: answers the TXT record that proves it is yours (`POST /v1/domains`) */
  create(body: Body<"createDomain">, options?: RequestOptions): Result<"createDomain"> {
    return this.requester.call("post", "/v1/domains", { body }, options);
  }

  /** Get a custom domain (`GET /v1/domains/{domain_id}`) */
  get(domainId: PathParams<"getDomain">["domain_id"], options?: RequestOptions): Result<"getDomain"> {
    return this.requester.call("get", "/v1/domains/{domain_id}", { path: { domain_id: domainId } }, options);
  }

  /** Point a custom domain at another page (`PATCH /v1/domains/{domain_id}`) */
  update(domainId: PathParams<"updateDomain">["domain_id"], body: Body<"updateDomain">, options?: RequestOptions): Result<"updateDomain"> {
    return this.requester.call("patch", "/v1/domains/{domain_id}", { path: { domain_id: domainId }, body }, options);
  }

  /** Remove a custom domain: the hostname stops serving the page at once (`DELETE /v1/domains/{domain_id}`) */
  delete(domainId: PathParams<"deleteDomain">["domain_id"], options?: RequestOptions): Result<"deleteDomain"> {
    return this.requester.call("delete", "/v1/domains/{domain_id}", { path: { domain_id: domainId } }, options);
  }

  /** Look for the domain's TXT record now (`POST /v1/domains/{domain_id}/verify`) */
  verify(domainId: PathParams<"verifyDomain">["domain_id"], options?: RequestOptions): Result<"verifyDomain"> {
    return this.requester.call("post", "/v1/domains/{domain_id}/verify", { path: { domain_id: domainId } }, options);
  }
}

/** `client.openapi` */
export class Openapi {
  constructor(private readonly requester: Requester) {}

  /** This OpenAPI document (no key needed) (`GET /v1/openapi.json`) */
  getDocument(options?: RequestOptions): Result<"getOpenApiDocument"> {
    return this.requester.call("get", "/v1/openapi.json", {}, options);
  }
}

/** Every resource of the API, as the client exposes them (`client.pages`, `client.webhookEndpoints`, …). */
export class Resources {
  readonly contacts: Contacts;
  readonly files: Files;
  readonly pages: Pages;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly analytics: Analytics;
  readonly domains: Domains;
  readonly openapi: Openapi;

  constructor(requester: Requester) {
    this.contacts = new Contacts(requester);
    this.files = new Files(requester);
    this.pages = new Pages(requester);
    this.webhookEndpoints = new WebhookEndpoints(requester);
    this.events = new Events(requester);
    this.analytics = new Analytics(requester);
    this.domains = new Domains(requester);
    this.openapi = new Openapi(requester);
  }
}

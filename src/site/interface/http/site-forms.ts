import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { withoutInvisible } from '../../../platform/domain/invisible-characters.js';
import type { LivePageView, LiveSite } from '../../application/live-site.js';
import { renderGatePage, renderNoticePage, type PageToRender } from './render/live-page.js';
import { form, html, location, NotFound, type Params } from './site-http.js';

/** Where a form's page lives for this request: its page (or the site's 404), and the path the page is served at. */
export interface FormPlace {
  page: () => Promise<LivePageView>;
  /** `/p/<slug>` on the service's hosts, empty at a custom domain's root */
  at: (page: LivePageView) => string;
}

/** A refused value as the form shows it again: without the characters nobody can see that made it invalid. */
const shown = (value: string) => withoutInvisible(value, 'line');
/**
 * A form value without the spaces, tabs and line breaks around it. Only those: String.trim would also drop a BOM
 * or a line separator at the ends, and an address holding one is refused, not cleaned (docs/adr/0061).
 */
const unpadded = (value: string) => value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/**
 * The live site's forms: a NEWSLETTER block's sign-up (`/<slug>/subscribe/<block_id>`) and a FILE block's
 * download (`/<slug>/d/<block_id>`), behind an e-mail gate when it is gated. Mounted by SiteRoutes.
 */
export class SiteForms {
  constructor(
    private readonly site: LiveSite,
    private readonly ownOrigins: Set<string>,
    private readonly render: (page: LivePageView, extra: Pick<PageToRender, 'notice' | 'formValues'>, at: string) => string,
  ) {}

  /**
   * A form post sent from another site (its `Origin` names a foreign origin, or is `null` as from a sandboxed
   * frame) is refused: the forms are for the page's own visitors. A post without `Origin` (an old client) is
   * accepted; the per-address limit still applies to it.
   */
  private foreignOrigin(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    // Own: PUBLIC_SITE_URL's or PUBLIC_API_URL's origin, or the origin the request itself was sent to.
    // (A custom domain is served over HTTPS by a proxy in front: its own https origin is the page's too.)
    return !(
      origin === undefined ||
      this.ownOrigins.has(origin) ||
      origin === `${req.protocol}://${req.host}` ||
      origin === `https://${req.host}`
    );
  }

  private refuseForeignOrigin(reply: FastifyReply): FastifyReply {
    return html(reply, 403, renderNoticePage('This form can’t be sent from here', 'Open the page itself and send the form from there.'));
  }

  /**
   * Past the per-address limit on form posts, sends a friendly 429 page with Retry-After (nothing is stored) and
   * says so. (It returns a flag, not the reply: a reply is thenable, and awaiting it would resolve to undefined.)
   */
  private async refusedOverLimit(page: LivePageView, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const verdict = await this.site.admitFormPost(page, req.ip);
    if (verdict.allowed) return false;
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    html(reply, 429, renderNoticePage('Too many tries', `Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`));
    return true;
  }

  async subscribe(req: FastifyRequest<{ Params: Pick<Params, 'block_id'> }>, reply: FastifyReply, place: FormPlace) {
    if (this.foreignOrigin(req)) return this.refuseForeignOrigin(reply);
    const blockId = req.params.block_id;
    const page = await place.page();
    const block = this.site.block(page, blockId, 'NEWSLETTER');
    if (!block) throw new NotFound();
    if (await this.refusedOverLimit(page, req, reply)) return reply;
    const f = form(req);
    const email = unpadded(f.email ?? '');
    const name = unpadded(f.name ?? '') || undefined;
    // A filled honeypot is a bot: answer as if it worked, capture nothing.
    if (!f.website) {
      const problem = await this.tryCapture(() => this.site.capture(page, block, 'NEWSLETTER', email, name));
      if (problem)
        return html(
          reply,
          400,
          this.render(
            page,
            {
              notice: { blockId, kind: 'error', text: problem },
              formValues: { blockId, email: shown(email), name: shown(name ?? '') },
            },
            place.at(page),
          ),
        );
    }
    return reply
      .status(303)
      .headers({
        location: `${place.at(page) || '/'}?subscribed=${encodeURIComponent(blockId)}#block-${blockId}`,
        'cache-control': 'no-store',
      })
      .send();
  }

  async download(req: FastifyRequest<{ Params: Pick<Params, 'block_id'> }>, reply: FastifyReply, place: FormPlace) {
    const page = await place.page();
    const block = this.site.block(page, req.params.block_id, 'FILE');
    const target = location(block?.fileUrl);
    if (!block || !target) throw new NotFound();
    if (block.data.gated !== true) return reply.status(302).headers({ location: target, 'cache-control': 'no-store' }).send();
    return html(reply, 200, this.gate(page, place.at(page), block.id, block.label));
  }

  async unlock(req: FastifyRequest<{ Params: Pick<Params, 'block_id'> }>, reply: FastifyReply, place: FormPlace) {
    if (this.foreignOrigin(req)) return this.refuseForeignOrigin(reply);
    const page = await place.page();
    const block = this.site.block(page, req.params.block_id, 'FILE');
    const target = location(block?.fileUrl);
    if (!block || !target) throw new NotFound();
    if (await this.refusedOverLimit(page, req, reply)) return reply;
    const email = unpadded(form(req).email ?? '');
    if (block.data.gated === true) {
      const problem = await this.tryCapture(() => this.site.capture(page, block, 'GATED_DOWNLOAD', email, undefined));
      if (problem) return html(reply, 400, this.gate(page, place.at(page), block.id, block.label, problem, shown(email)));
    }
    return reply.status(303).headers({ location: target, 'cache-control': 'no-store' }).send();
  }

  private gate(page: LivePageView, at: string, blockId: string, fileTitle: string, error?: string, email?: string): string {
    return renderGatePage({
      title: page.title,
      locale: page.locale,
      theme: page.theme,
      fileTitle,
      action: `${at}/d/${encodeURIComponent(blockId)}`,
      backUrl: at || '/',
      error,
      email,
    });
  }

  /** Runs a capture; a validation failure comes back as a sentence for the visitor. */
  private async tryCapture(capture: () => Promise<void>): Promise<string | null> {
    try {
      await capture();
      return null;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_request') return err.message;
      throw err;
    }
  }
}

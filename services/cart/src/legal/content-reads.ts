import type { FastifyBaseLogger } from 'fastify';
import { LegalText, LegalVersions, SellerDetails, type LegalTextSlug } from '@shop/contracts';
import { CachedInternalRead, InternalClient } from '@shop/service-kit';

/**
 * The versions of terms, withdrawal text and privacy policy in force (an order keeps
 * the versions it was placed under), from the content service's `GET /internal/legal-versions`.
 * Staff publish new versions in the back office, so an order placed after a
 * publication records the new version within 2 s. An order is never refused for this: when the
 * content service does not answer, the last known versions are used, or null (logged).
 */
export class LegalVersionsClient extends CachedInternalRead<LegalVersions> {
  constructor(baseUrl: string, internalSecret: string, log: FastifyBaseLogger, timeoutMs = 1000) {
    super({
      service: 'content',
      baseUrl,
      path: '/internal/legal-versions',
      schema: LegalVersions,
      what: 'legal text versions',
      internalSecret,
      log,
      timeoutMs,
    });
  }
}

/**
 * The seller as invoices name it: the operator settings from the content service's
 * `GET /internal/seller-details`. Null when the content service never answered: no invoice is
 * issued then (the invoice job tries again).
 */
export class SellerDetailsClient extends CachedInternalRead<SellerDetails> {
  constructor(baseUrl: string, internalSecret: string, log: FastifyBaseLogger, timeoutMs = 1000) {
    super({
      service: 'content',
      baseUrl,
      path: '/internal/seller-details',
      schema: SellerDetails,
      what: 'seller details',
      internalSecret,
      log,
      timeoutMs,
    });
  }
}

/**
 * The legal texts an order was placed under (`GET /internal/legal-texts/{slug}?version=`), for the
 * order confirmation's attachments. A published version never changes, so each one read is kept
 * (a handful per shop). @throws InternalCallError when the content service does not answer or
 * does not know the version (the confirmation is then sent later by its job).
 */
export class LegalTextsClient {
  private readonly client: InternalClient;
  private readonly known = new Map<string, Promise<LegalText>>();

  constructor(baseUrl: string, internalSecret: string, timeoutMs = 3000) {
    this.client = new InternalClient({ service: 'content', baseUrl, secret: internalSecret, timeoutMs });
  }

  text(slug: LegalTextSlug, version: string): Promise<LegalText> {
    const key = `${slug}@${version}`;
    const known = this.known.get(key);
    if (known) return known;
    const read = this.client
      .call('GET', `/internal/legal-texts/${slug}`, { 200: LegalText }, { query: { version } })
      .then((answer) => answer.body);
    this.known.set(key, read);
    read.catch(() => this.known.delete(key));
    return read;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { LegalVersions, SellerDetails } from '@shop/contracts';
import { CachedInternalRead } from '@shop/service-kit';

/**
 * The versions of terms, withdrawal text and privacy policy in force (issue #12: an order keeps
 * the versions it was placed under), from the content service's `GET /internal/legal-versions`.
 * Staff publish new versions in the back office (issue #13), so an order placed after a
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
 * The seller as invoices name it (issue #25): the operator settings from the content service's
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

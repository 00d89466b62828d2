import type { ProductLawIssue } from '@shop/catalog-rules';

/**
 * 422 for publishing a product with product-law objections in production without an admin's
 * override (legal-de section 0 item 7). The message lists the objections in German;
 * `issues` carries them for API clients.
 */
export class PublishBlockedError extends Error {
  readonly statusCode = 422;
  readonly code = 'PUBLISH_BLOCKED';
  constructor(readonly issues: ProductLawIssue[]) {
    super(
      `Dieses Produkt kann so nicht veröffentlicht werden: ${issues.map((issue) => issue.message).join(' ')} Speichern Sie es inaktiv, oder ein Admin gibt es mit Begründung frei.`,
    );
    this.name = 'PublishBlockedError';
  }
}

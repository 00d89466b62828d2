import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InformationPage,
  LegalText,
  LegalTextSlug,
  LegalVersions,
  PageSlug,
  SellerDetails,
  cacheTag,
  errorResponses,
  type StorefrontSettings,
} from '@shop/contracts';
import { NotFoundError, tagAnswer } from '@shop/service-kit';
import type { InformationPages } from './information-pages';
import type { OperatorDetails } from './operator-settings';

/**
 * `GET /api/pages/{slug}`: an information or legal page as sanitised HTML with its
 * text version, as shown in the storefront's presentation mode; cacheable for a minute (staff publish new texts in the back office). `GET
 * /internal/legal-versions` gives the current versions of terms, withdrawal text and privacy
 * policy to other services (shared secret), `GET /internal/legal-texts/{slug}?version=` one of
 * them as published under that version (the order confirmation attaches them), and `GET
 * /internal/seller-details` the operator's details an invoice and the confirmation name.
 */
export const pagesRoutes: FastifyPluginAsyncZod<{
  pages: InformationPages;
  operator: OperatorDetails;
  /** The storefront settings in force (the presentation mode decides the 'Über uns' page's note). */
  settings: { current(): Promise<StorefrontSettings> };
}> = async (app, { pages, operator, settings }) => {
  app.get(
    '/api/pages/:slug',
    {
      schema: {
        summary: 'An information or legal page, or a page staff made (shown at /seite/{slug})',
        params: z.object({ slug: PageSlug }).strict(),
        response: { 200: InformationPage, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      const page = await pages.get(request.params.slug, (await settings.current()).presentationMode);
      if (!page) throw new NotFoundError('Seite nicht gefunden.');
      return tagAnswer(reply, [cacheTag.pages]).header('cache-control', 'public, max-age=60').send(page);
    },
  );

  app.get(
    '/internal/legal-versions',
    { schema: { hide: true, response: { 200: LegalVersions } } },
    async () => await pages.legalVersions(),
  );

  app.get(
    '/internal/legal-texts/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: LegalTextSlug }).strict(),
        querystring: z.object({ version: z.string().min(1).max(40) }).strict(),
        response: { 200: LegalText, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => {
      const text = await pages.legalText(request.params.slug, request.query.version);
      if (!text) throw new NotFoundError('Diese Fassung des Rechtstextes gibt es nicht.');
      return text;
    },
  );

  app.get('/internal/seller-details', { schema: { hide: true, response: { 200: SellerDetails } } }, async () => ({
    company: operator.OPERATOR_COMPANY,
    street: operator.OPERATOR_STREET,
    postalCode: operator.OPERATOR_POSTAL_CODE,
    city: operator.OPERATOR_CITY,
    representative: operator.OPERATOR_REPRESENTATIVE,
    register: operator.OPERATOR_REGISTER,
    vatId: operator.OPERATOR_VAT_ID,
    email: operator.OPERATOR_EMAIL,
    phone: operator.OPERATOR_PHONE,
    weeeNumber: operator.OPERATOR_WEEE_NUMBER,
  }));
};

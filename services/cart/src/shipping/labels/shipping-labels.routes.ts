import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, type ErrorResponse } from '@shop/contracts';
import {
  CloseOutResult,
  LabelRun,
  LabelRunRequest,
  ShippingLabelRequest,
  ShippingLabelResolution,
  ShippingLabelView,
  ShippingQueue,
} from '@shop/contracts/admin';
import { ConflictError, NotFoundError } from '@shop/service-kit';
import { DhlUnavailableApiError, type BookingResult, type LabelBookings } from './label-bookings';
import type { LabelCloseOut } from './label-close-out';
import type { LabelRuns } from './label-runs';

const idParams = z.object({ id: z.string().max(64) });
const pdfResponse = z.any().describe('application/pdf');
/** DHL cannot be used: not configured, not answering, or the shipper (seller details) unreadable. */
const DHL_ERRORS = { 503: ['DHL_NOT_CONFIGURED', 'UPSTREAM_UNAVAILABLE', 'SELLER_DETAILS_UNAVAILABLE'] } as const;

/** Sends a label PDF to be shown in the browser (never kept by a cache: it carries a buyer's address). */
function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * The answer of a single booking that booked nothing: 400 with DHL's (or the shop's) messages at
 * the shop's fields (`issues[].path` 'body/<field>' with '/' for '.', e.g.
 * 'body/shippingAddress/street'), else the refusal as an API error.
 */
function refusalOf(result: BookingResult): { status: 400; body: ErrorResponse } | Error {
  const text = result.messages.map((item) => item.message).join(' ');
  switch (result.refusal) {
    case 'not-found':
      return new NotFoundError(text);
    case 'invalid':
      return {
        status: 400,
        body: {
          message: text,
          code: 'VALIDATION_ERROR',
          issues: result.messages.map((item) => ({
            path: item.field ? `body/${item.field.replace(/\./g, '/')}` : 'body',
            message: item.message,
            rule: 'dhl',
          })),
        },
      };
    case 'unavailable':
      return new DhlUnavailableApiError(text);
    default:
      return new ConflictError(
        result.outcome === 'already-labelled'
          ? `Die Bestellung hat schon ein DHL-Label (Sendungsnummer ${result.shipmentNumber ?? 'unbekannt'}).`
          : text,
      );
  }
}

/**
 * Staff endpoints of DHL labels (contract packages/contracts/src/admin/shipping-labels.ts;
 * services/cart/README.md 'Shipping with DHL'), permission `orders:write` as every order endpoint.
 * Booking, cancelling and the close-out answer 503 DHL_NOT_CONFIGURED while DHL's API is not
 * configured (reading works) and 503 UPSTREAM_UNAVAILABLE when DHL does not answer.
 */
export const shippingLabelRoutes: FastifyPluginAsyncZod<{ bookings: LabelBookings; runs: LabelRuns; closeOut: LabelCloseOut }> = async (
  app,
  { bookings, runs, closeOut },
) => {
  const config = { permission: 'orders:write' } as const;

  app.get(
    '/api/admin/orders/:id/shipping-label',
    {
      config,
      schema: {
        summary: "An order's DHL label and what a new booking would send (weight, age check, why it cannot be booked now)",
        params: idParams,
        response: { 200: ShippingLabelView, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => bookings.view(request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/shipping-label',
    {
      config,
      schema: {
        summary: 'Book the DHL label of a paid order (DHL validates first, then books)',
        description:
          'weightGrams (g) overrides the weight worked out from the settings. 201 with the view. 400 VALIDATION_ERROR: DHL refused (or the shop found a field DHL would refuse), issues at the shop fields (body/shippingAddress/street, body/weightGrams, body/shipper/postalCode, …). 409 CONFLICT: not paid (also: cancelled while it was being booked), already labelled, being booked, an unknown outcome to resolve first, or resolved in the shop while the booking ran (a label DHL still booked then is cancelled there). 503: DHL not configured, not answering (nothing booked; or, when the booking itself went unanswered, the label is outcome-unknown), or the shipper unreadable.',
        params: idParams,
        body: ShippingLabelRequest,
        response: {
          201: ShippingLabelView,
          ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['CONFLICT'], ...DHL_ERRORS }),
        },
      },
    },
    async (request, reply) => {
      const [result] = await bookings.book(request.staff!, [request.params.id], request.body.weightGrams);
      if (result!.outcome === 'booked') return reply.code(201).send(await bookings.view(request.params.id));
      const refusal = refusalOf(result!);
      if (refusal instanceof Error) throw refusal;
      return reply.code(refusal.status).send(refusal.body);
    },
  );

  app.delete(
    '/api/admin/orders/:id/shipping-label',
    {
      config,
      schema: {
        summary: 'Cancel the order’s DHL label (DELETE /orders at DHL), only before the close-out',
        description:
          "409 CONFLICT: no booked label, closed out, order shipped, or DHL refused. 503 when DHL does not answer (the label may be cancelled: check in the portal, or cancel again: DHL's 'unknown or already cancelled' to the next attempt counts as cancelled).",
        params: idParams,
        response: {
          200: ShippingLabelView,
          ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['CONFLICT'], ...DHL_ERRORS }),
        },
      },
    },
    async (request) => bookings.cancel(request.staff!, request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/shipping-label/resolve',
    {
      config,
      schema: {
        summary: 'Record what staff found in DHL’s portal for a label whose outcome is unknown',
        description:
          "not-booked: a new label may be booked. booked { shipmentNumber }: kept without PDF. 409 CONFLICT when the order's label is not of unknown outcome, when a booking whose claim ran out may still be under way ('not-booked' only a claim time after it ran out; the message names when), or when the shipment number is another order's label.",
        params: idParams,
        body: ShippingLabelResolution,
        response: { 200: ShippingLabelView, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'], 409: ['CONFLICT'] }) },
      },
    },
    async (request) => bookings.resolve(request.staff!, request.params.id, request.body),
  );

  app.get(
    '/api/admin/orders/:id/shipping-label.pdf',
    {
      config,
      schema: {
        summary: "The order's label as DHL returned it (application/pdf, shown inline)",
        params: idParams,
        response: { 200: pdfResponse, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => {
      const { orderNumber, pdf } = await bookings.pdf(request.params.id);
      return sendPdf(reply, `DHL-Label-${orderNumber}.pdf`, pdf);
    },
  );

  app.get(
    '/api/admin/shipping/queue',
    {
      config,
      schema: {
        summary: 'Paid orders waiting for their parcel, oldest payment first (at most 200), with label state and weight',
        response: { 200: ShippingQueue, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async () => runs.queue(),
  );

  app.post(
    '/api/admin/shipping/label-runs',
    {
      config,
      schema: {
        summary: 'Book labels for several paid orders (a bulk run); orders with a label are skipped, never booked twice',
        description:
          'The result per order (booked, already-labelled, refused with messages, failed, outcome-unknown) and the URL of the combined PDF.',
        body: LabelRunRequest,
        response: { 201: LabelRun, ...errorResponses({ ...STAFF_ACCESS_ERRORS, ...DHL_ERRORS }) },
      },
    },
    async (request, reply) => reply.code(201).send(await runs.run(request.staff!, request.body.orderIds)),
  );

  app.get(
    '/api/admin/shipping/label-runs/:id.pdf',
    {
      config,
      schema: {
        summary: "One PDF of a run's labels (booked and already labelled, in the run's order)",
        params: idParams,
        response: { 200: pdfResponse, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request, reply) => sendPdf(reply, `DHL-Labels-${request.params.id}.pdf`, await runs.pdf(request.params.id)),
  );

  app.post(
    '/api/admin/shipping/close-out',
    {
      config,
      schema: {
        summary: "The day's close-out at DHL (POST /manifests); the closed orders become shipped (tracking e-mail)",
        response: { 200: CloseOutResult, ...errorResponses({ ...STAFF_ACCESS_ERRORS, ...DHL_ERRORS }) },
      },
    },
    async (request) => closeOut.closeOut(request.staff!),
  );
};

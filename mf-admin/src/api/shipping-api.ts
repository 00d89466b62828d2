import { apiRequest } from '@shop/api-client';
import {
  CloseOutResult,
  LabelRun,
  ShippingLabelView,
  ShippingQueue,
  ShippingSettings,
  type ShippingLabelRequest,
  type ShippingLabelResolution,
  type ShippingSettingsChange,
} from '@shop/contracts/admin';

const labelPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/shipping-label`;

/**
 * The cart service's DHL labels (packages/contracts/src/admin/shipping-labels.ts, services/cart
 * README 'Shipping with DHL'). Failures reject with ApiError: 400 VALIDATION_ERROR with DHL's
 * messages as `issues` at the shop's fields (`body/weightGrams`, `body/shippingAddress.street`, …),
 * 409 CONFLICT (not paid, already labelled, being booked) or STALE_VERSION (settings), 503 when
 * DHL cannot be reached or is not configured.
 */
export const shippingApi = {
  /** The order's label (null: none) and what a booking would send. */
  label: async (orderId: string) => ShippingLabelView.parse(await apiRequest('GET', labelPath(orderId))),
  /** Books the label (201); `weightGrams` (g) overrides the worked-out weight. */
  book: async (orderId: string, request: ShippingLabelRequest) =>
    ShippingLabelView.parse(await apiRequest('POST', labelPath(orderId), request)),
  /** Cancels the label at DHL (only before the close-out). */
  cancel: async (orderId: string) => ShippingLabelView.parse(await apiRequest('DELETE', labelPath(orderId))),
  /** Staff's finding in DHL's portal for a label whose outcome is unknown. */
  resolve: async (orderId: string, resolution: ShippingLabelResolution) =>
    ShippingLabelView.parse(await apiRequest('POST', `${labelPath(orderId)}/resolve`, resolution)),
  /** The label PDF, opened by the browser (inline, never cached). */
  pdfUrl: (orderId: string) => `${labelPath(orderId)}.pdf`,
  queue: async () => ShippingQueue.parse(await apiRequest('GET', '/api/admin/shipping/queue')),
  /** Books labels for these paid orders (orders with a label are skipped, never booked twice). */
  run: async (orderIds: string[]) => LabelRun.parse(await apiRequest('POST', '/api/admin/shipping/label-runs', { orderIds })),
  closeOut: async () => CloseOutResult.parse(await apiRequest('POST', '/api/admin/shipping/close-out')),
  settings: async () => ShippingSettings.parse(await apiRequest('GET', '/api/admin/shipping/settings')),
  saveSettings: async (change: ShippingSettingsChange) =>
    ShippingSettings.parse(await apiRequest('PUT', '/api/admin/shipping/settings', change)),
};

import type { Connection } from 'mongoose';
import { CATEGORY_DEFINITIONS } from '@shop/contracts';
import { ANALYTICS_MAX_DAYS, type AnalyticsQuery, type AnalyticsReport } from '@shop/contracts/admin';
import { addDaysToIsoDate, centsToDecimal, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import { FieldError } from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../orders/order.model';

/** How many products the top list names. */
const TOP_PRODUCTS = 10;
/** Category slugs, longest first, so 'randm-tornado-10000-…' is never read as 7000's or 1000's. */
const CATEGORIES = [...CATEGORY_DEFINITIONS].sort((a, b) => b.slug.length - a.slug.length);
const OTHER = { slug: 'sonstige', name: 'Sonstige' };

/** The category of a bought line from its product slug ('{category}-{flavour}'), kept in the order. */
const categoryOf = (productSlug: string) => CATEGORIES.find((category) => productSlug.startsWith(`${category.slug}-`)) ?? OTHER;

type ReportOrder = Pick<
  OrderRecord,
  'status' | 'createdAt' | 'items' | 'totals' | 'promo' | 'refund' | 'paymentMethod' | 'paymentReceived'
>;

/** Prepayment orders whose payment was booked: 'paid' comes only with the booked transfer, then shipped and delivered. */
const PAID_ORDER_STATUSES: ReadonlyArray<OrderRecord['status']> = ['paid', 'shipped', 'delivered'];

/** The fields `isPaidOrder` reads (a projection includes them). */
export const PAID_ORDER_FIELDS = { status: 1, paymentMethod: 1, 'paymentReceived.receivedOn': 1 } as const;

/**
 * Whether an order's payment is booked: prepayment by its status (PAID_ORDER_STATUSES), cash on
 * delivery by the payment recorded with the delivery or the statement import (it ships unpaid).
 */
export function isPaidOrder(order: Pick<OrderRecord, 'status' | 'paymentMethod' | 'paymentReceived'>): boolean {
  if (order.paymentMethod === 'cod') return !!order.paymentReceived?.receivedOn && order.status !== 'cancelled';
  return PAID_ORDER_STATUSES.includes(order.status);
}

/**
 * What a paid order brought in (cents): its total less the refund booked after a withdrawal
 * (§ 357 Abs. 1 BGB; the order keeps its status, the refund is recorded beside it).
 */
export function netRevenueCents(order: Pick<OrderRecord, 'totals' | 'refund'>): number {
  return order.totals.totalCents - (order.refund?.amountCents ?? 0);
}

/**
 * Sales figures for staff (/admin/analytics), computed where the orders live. Order counts (in
 * total, per day, per promo code) are the orders placed in the period that were not cancelled
 * (and never half-placed ones), paid or not. Revenue counts paid orders only (a payment booked:
 * isPaidOrder): per day, in total and the average order value use what customers paid
 * (after promo discounts, with shipping, VAT included) less what was refunded after a withdrawal
 * (netRevenueCents), on the day the order was placed; items sold, categories and products use
 * the paid orders' line totals (prices paid per item, before an order-level promo discount and
 * shipping). Categories come from the product slugs the orders keep, so no other service is asked.
 */
export class SalesReport {
  constructor(private readonly db: Connection) {}

  /** @throws FieldError (400 at `to`) for a period longer than ANALYTICS_MAX_DAYS. */
  async report(query: AnalyticsQuery): Promise<AnalyticsReport> {
    const dates: string[] = [];
    for (let date = query.from; date <= query.to; date = addDaysToIsoDate(date, 1)) {
      dates.push(date);
      if (dates.length > ANALYTICS_MAX_DAYS)
        throw new FieldError('to', `Bitte wählen Sie höchstens ${ANALYTICS_MAX_DAYS} Tage.`, 'querystring');
    }
    const orders = await orderModel(this.db)
      .find(
        {
          status: { $nin: ['pending', 'cancelled'] },
          createdAt: { $gte: startOfBerlinDay(query.from), $lt: startOfBerlinDay(addDaysToIsoDate(query.to, 1)) },
        },
        { ...PAID_ORDER_FIELDS, createdAt: 1, items: 1, 'totals.totalCents': 1, 'totals.promoDiscountCents': 1, promo: 1, refund: 1 },
      )
      .lean<ReportOrder[]>();

    const days = new Map(dates.map((date) => [date, { orders: 0, cents: 0 }]));
    const categories = new Map<string, { name: string; units: number; cents: number }>();
    const products = new Map<string, { name: string; units: number; cents: number }>();
    const promos = new Map<string, { orders: number; cents: number }>();
    let units = 0;
    let revenueCents = 0;
    let paidOrders = 0;
    for (const order of orders) {
      const day = days.get(isoDateInBerlin(order.createdAt));
      if (day) day.orders++;
      if (order.promo?.code) {
        const byCode = promos.get(order.promo.code) ?? { orders: 0, cents: 0 };
        byCode.orders++;
        byCode.cents += order.totals.promoDiscountCents;
        promos.set(order.promo.code, byCode);
      }
      if (!isPaidOrder(order)) continue;
      paidOrders++;
      const netCents = netRevenueCents(order);
      if (day) day.cents += netCents;
      revenueCents += netCents;
      for (const line of order.items) {
        const lineCents = line.unitCents * line.quantity;
        units += line.quantity;
        const category = categoryOf(line.slug);
        const byCategory = categories.get(category.slug) ?? { name: category.name, units: 0, cents: 0 };
        byCategory.units += line.quantity;
        byCategory.cents += lineCents;
        categories.set(category.slug, byCategory);
        const byProduct = products.get(line.productId) ?? { name: line.name, units: 0, cents: 0 };
        byProduct.units += line.quantity;
        byProduct.cents += lineCents;
        products.set(line.productId, byProduct);
      }
    }
    const byRevenue = <T extends { cents: number }>(a: [string, T], b: [string, T]) => b[1].cents - a[1].cents;
    return {
      from: query.from,
      to: query.to,
      totals: {
        orders: orders.length,
        revenue: centsToDecimal(revenueCents),
        units,
        averageOrderValue: centsToDecimal(paidOrders ? Math.round(revenueCents / paidOrders) : 0),
      },
      days: [...days].map(([date, day]) => ({ date, orders: day.orders, revenue: centsToDecimal(day.cents) })),
      categories: [...categories]
        .sort(byRevenue)
        .map(([category, figures]) => ({ category, name: figures.name, units: figures.units, revenue: centsToDecimal(figures.cents) })),
      topProducts: [...products]
        .sort(byRevenue)
        .slice(0, TOP_PRODUCTS)
        .map(([productId, figures]) => ({ productId, name: figures.name, units: figures.units, revenue: centsToDecimal(figures.cents) })),
      promoCodes: [...promos]
        .sort((a, b) => b[1].orders - a[1].orders)
        .map(([code, figures]) => ({ code, orders: figures.orders, discount: centsToDecimal(figures.cents) })),
    };
  }
}

import { useParams, Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '@shop/api-client';
import { bankTransferRows, cashOnDeliveryText, COD_FEE_LABEL, nextSteps, paymentDueDateText } from '@shop/cart-rules';
import { formatEurDecimal } from '@shop/format';
import { AddressBlock, Button, Spinner, buttonClass } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import type { Order } from '@shop/contracts';
import { cartQueries } from '../../api/cart-queries';
import { OrderSummary } from '../../components/order-summary';
import { OrderLines } from '../../components/order-lines';

/** Prepayment: the shop's bank details, the amount, the order number as reference and the last day to pay. */
function BankTransfer({ order }: { order: Parameters<typeof bankTransferRows>[0] }) {
  return (
    <section className="cart-thank-you__payment" aria-labelledby="payment-title">
      <h2 id="payment-title">Bitte überweisen Sie den Betrag</h2>
      <dl className="cart-bank-details" data-testid="bank-details">
        {bankTransferRows(order).map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        Zahlbar bis zum <strong data-testid="payment-due-date">{paymentDueDateText(order)}</strong>.
      </p>
    </section>
  );
}

/** Cash on delivery: what the buyer pays the DHL courier in cash, with the fee it contains (no bank details, no due date). */
function CashOnDelivery({ payment }: { payment: Extract<Order['payment'], { method: 'cod' }> }) {
  return (
    <section className="cart-thank-you__payment" aria-labelledby="payment-title" data-testid="cash-on-delivery">
      <h2 id="payment-title">Zahlung bei Zustellung</h2>
      <p>
        {cashOnDeliveryText(payment.amount)} Darin enthalten: {formatEurDecimal(payment.fee)} {COD_FEE_LABEL}.
      </p>
    </section>
  );
}

/**
 * Thank-you page `/danke/{orderId}` (not shown in the spec): order number, items,
 * total, how to pay (prepayment: bank details and due date; cash on delivery: the amount due at
 * the door) and next steps. Only the buyer sees it (the order's access cookie or its
 * logged-in owner); everyone else gets the API's 404 and a 'not found' message.
 */
export function ThankYouPage() {
  const { orderId = '' } = useParams();
  const { data: order, error, isLoading, refetch } = useQuery(cartQueries.order(orderId));
  const notFound = isNotFound(error);
  // The title thanks only for an order the visitor may see; an unknown one says so instead.
  useSeo({
    title: order
      ? 'Vielen Dank für Ihre Bestellung'
      : notFound
        ? 'Bestellung nicht gefunden'
        : isLoading
          ? 'Bestellung wird geladen'
          : 'Bestellung konnte nicht geladen werden',
    robots: 'noindex, nofollow',
  });

  if (isLoading) return <Spinner label="Bestellung wird geladen…" />;
  if (!order) {
    return (
      <section className="shop-page" role={notFound ? undefined : 'alert'}>
        <h1>{notFound ? 'Bestellung nicht gefunden' : 'Bestellung konnte nicht geladen werden'}</h1>
        <p>
          {notFound
            ? 'Diese Bestellung gibt es nicht, oder sie wurde in einem anderen Browser aufgegeben. Ihre Bestellbestätigung haben wir Ihnen per E-Mail geschickt.'
            : 'Bitte versuchen Sie es gleich noch einmal.'}
        </p>
        {notFound ? (
          <Link className={buttonClass('primary')} to="/">
            Zur Startseite
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => void refetch()}>
            Erneut versuchen
          </Button>
        )}
      </section>
    );
  }
  return (
    <section className="shop-page cart-thank-you">
      <h1>Vielen Dank für Ihre Bestellung!</h1>
      <p className="cart-thank-you__number">
        Ihre Bestellnummer: <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      <p>
        Eine Bestellbestätigung haben wir an <strong>{order.email}</strong> gesendet.
      </p>
      {order.payment.method === 'prepayment' ? (
        <BankTransfer order={{ payment: order.payment, totals: order.totals }} />
      ) : (
        <CashOnDelivery payment={order.payment} />
      )}
      <section aria-labelledby="next-title">
        <h2 id="next-title">So geht es weiter</h2>
        <ol>
          {nextSteps(order).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <div className="cart-thank-you__details">
        <section aria-labelledby="items-title">
          <h2 id="items-title">Ihre Bestellung</h2>
          <OrderLines
            lines={order.items.map((line) => ({
              key: line.productId,
              name: line.name,
              quantity: line.quantity,
              lineTotal: line.lineTotal,
            }))}
          />
          <OrderSummary totals={order.totals} promo={order.promo} />
        </section>
        <section aria-labelledby="delivery-title">
          <h2 id="delivery-title">Lieferadresse</h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
      </div>
      <p className="cart-thank-you__withdrawal">
        Sie können Ihre Bestellung innerhalb von 14 Tagen nach Erhalt der Ware widerrufen:{' '}
        <Link to="/vertrag-widerrufen">Vertrag widerrufen</Link>
      </p>
      <Link className={buttonClass('secondary')} to="/">
        Weiter einkaufen
      </Link>
    </section>
  );
}

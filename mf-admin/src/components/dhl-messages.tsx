import type { DhlMessage } from '@shop/contracts/admin';
import { dhlFieldLabel } from '../lib/shipping-texts';

/** DHL's messages for one shipment as a list, each naming its field in German ('Lieferadresse – Straße: …'). */
export function DhlMessages({ messages, label, id }: { messages: readonly DhlMessage[]; label: string; id?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="admin-dhl-messages" aria-label={label}>
      {messages.map((message, index) => (
        <li key={index} className={message.severity === 'error' ? 'shop-field__error' : undefined}>
          <strong>{dhlFieldLabel(message.field)}:</strong> {message.message}
        </li>
      ))}
    </ul>
  );
}

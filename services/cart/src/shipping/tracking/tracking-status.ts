import { formatDateTime, isoDateInBerlin } from '@shop/format';
import type { DhlAgeCheckService } from '@shop/contracts';
import type { DeliveryIssueKind } from '../../orders/order.model';
import type { TrackedEvent, TrackedPiece } from './tracking-client';

/** A delivery problem as the order keeps it (Order.deliveryIssue): kind, DHL's time, German text for staff. */
export interface DeliveryIssue {
  kind: DeliveryIssueKind;
  at: Date;
  message: string;
}

/** What a parcel's tracking means for its order. */
export type ParcelOutcome =
  /** Nothing to do (on its way, or DHL's status says nothing the shop acts on). */
  | { kind: 'in-transit' }
  /** Handed to the buyer (or a person the check allows): the order becomes delivered on DHL's German day. */
  | { kind: 'delivered'; deliveredOn: string; issue: null }
  /**
   * Not delivered to the buyer, and staff should know: failed attempt, refused, held for collection,
   * returned, or handed where an age-checked parcel must not go (the order stays shipped: the
   * withdrawal period starts only when the buyer receives the goods, § 356 Abs. 2 Nr. 1 BGB; staff
   * record the delivery once it is clarified).
   */
  | { kind: 'issue'; issue: DeliveryIssue };

/*
 * The codes below are DHL's (parcel_de_ice_event_ric_combinations_July_2024.csv in this folder:
 * ICE event, RIC reason, German names). tracking-status.test.ts reads that table: every
 * combination of the events named here is classified as the table's names say.
 */

/**
 * DLVRD reasons that mean the parcel was not handed to a person at the door (German names from
 * DHL's table). Every parcel of the shop carries an age check (Ident-Check or
 * Alterssichtprüfung with noNeighbourDelivery: services/cart/README.md 'Shipping with DHL'), so
 * each of these is a handover that must not happen.
 */
export const WRONG_HANDOVER_REASONS: Readonly<Record<string, string>> = {
  NGHBR: 'einen Nachbarn',
  WINPL: 'einen Wunschnachbarn oder Wunschort',
  PKBOX: 'einen Paketkasten',
  SECPL: 'einen vereinbarten Ablageort',
  POBOX: 'einen Briefkasten',
  ACCPK: 'eine Packstation',
  PCKAD: 'eine Hauspoststelle',
};

/**
 * DLVRD reasons right for the Alterssichtprüfung (the courier checks the age of whoever takes the
 * parcel at the door) but not for the Ident-Check, which hands it only to the recipient named on it.
 */
export const NOT_THE_RECIPIENT_REASONS: Readonly<Record<string, string>> = {
  FAMLY: 'ein Familienmitglied',
  SPOUS: 'den Ehegatten',
  AGENT: 'einen Bevollmächtigten',
  DIDLV: 'eine vereinfachte Zustellung',
  // Not OTHER ('Andere Gründe / Zustellung an andere anwesende Person'): DHL's own recorded answer
  // (tracking-test.txt) gives it for a plain successful delivery.
};

/** DLVRD reasons that are not a delivery to the buyer at all: the parcel went on to another carrier or to customs. */
export const PASSED_ON_REASONS: ReadonlySet<string> = new Set(['HNDTC', 'CUSTM']);

/** NTDEL reasons with their own words for staff: the check at the door failed. */
const FAILED_CHECKS: Readonly<Record<string, string>> = {
  AGNEG: 'Die Altersprüfung an der Tür war negativ: Das Paket darf dieser Person nicht übergeben werden.',
  IDNEG: 'Die Identitätsprüfung an der Tür war negativ: Das Paket darf dieser Person nicht übergeben werden.',
  CTCNI: 'Der Empfänger konnte sich nicht ausweisen: Das Paket wurde nicht übergeben.',
  IDDMG: 'Der Ausweis war beschädigt oder nicht lesbar: Das Paket wurde nicht übergeben.',
};

/** ICE events of the parcel held for collection at a branch or Packstation. */
const HELD_EVENTS = new Set(['HLDCC', 'CNRFC']);
/** OFWRD reasons that send the parcel back to the sender. */
const RETURN_FORWARDS = new Set(['RTSCR', 'RTSSA']);

const isReturn = (step: Pick<TrackedEvent, 'ice' | 'ric' | 'returnToSender'>) =>
  step.returnToSender || step.ice === 'RETRN' || (step.ice === 'OFWRD' && RETURN_FORWARDS.has(step.ric));

const quoted = (text: string) => (text ? `: „${text}“` : '');

/**
 * What one parcel's tracking means (pure). In this order: a parcel on its way back to the sender
 * is `returned` (a "delivered" then is the delivery back to the shop, never to the buyer);
 * delivered (`delivery-event-flag` 1 or an ICE DLVRD event other than a handover to another
 * carrier or customs) on the day of DHL's delivery event, unless it went where an age-checked
 * parcel must not (a neighbour, parcel box, …; under the Ident-Check also anyone but the
 * recipient): then a `wrong-handover` issue and the order stays shipped; then DHL's newest status:
 * NTDEL failed attempt (RFUSD: refused), DLVRF refused, HLDCC/CNRFC held for collection. Anything
 * else is on its way. `checkedAt` stands in for a time DHL did not give. `ageCheck` is the check the
 * order's label booked (contracts `orderAgeCheck`).
 */
export function parcelOutcome(piece: TrackedPiece, checkedAt: Date, ageCheck: DhlAgeCheckService): ParcelOutcome {
  const newest = { at: piece.statusAt ?? piece.events.at(-1)?.at ?? checkedAt, text: piece.status || piece.events.at(-1)?.text || '' };
  const returnEvent = piece.events.find(isReturn);
  if (isReturn(piece) || returnEvent) {
    const at = returnEvent?.at ?? newest.at;
    return {
      kind: 'issue',
      issue: {
        kind: 'returned',
        at,
        message: `DHL schickt das Paket an den Absender zurück (seit ${formatDateTime(at)}${quoted(returnEvent?.text ?? newest.text)}). Bitte klären Sie mit dem Käufer, ob erneut versandt oder erstattet wird, sobald es angekommen ist.`,
      },
    };
  }

  const deliveryEvent = piece.events.find((event) => event.ice === 'DLVRD' && !PASSED_ON_REASONS.has(event.ric));
  const delivered = deliveryEvent ?? ((piece.ice === 'DLVRD' || piece.deliveryFlag) && !PASSED_ON_REASONS.has(piece.ric) ? piece : null);
  if (delivered) {
    const at = deliveryEvent?.at ?? newest.at;
    const reason = delivered.ric;
    const where = WRONG_HANDOVER_REASONS[reason] ?? (ageCheck === 'identCheck' ? NOT_THE_RECIPIENT_REASONS[reason] : undefined);
    if (!where) return { kind: 'delivered', deliveredOn: isoDateInBerlin(at), issue: null };
    return {
      kind: 'issue',
      issue: {
        kind: 'wrong-handover',
        at,
        message: `DHL meldet die Zustellung am ${formatDateTime(at)} an ${where}${quoted(deliveryEvent?.text ?? newest.text)}. Ein Paket mit Altersprüfung darf nur der geprüften Person übergeben werden: Bitte klären Sie die Übergabe mit DHL und dem Käufer und verbuchen Sie die Zustellung erst, wenn der Käufer das Paket hat.`,
      },
    };
  }

  const { ice, ric } = piece.ice ? piece : (piece.events.at(-1) ?? piece);
  const issue = (kind: DeliveryIssueKind, message: string): ParcelOutcome => ({ kind: 'issue', issue: { kind, at: newest.at, message } });
  if ((ice === 'NTDEL' && ric === 'RFUSD') || ice === 'DLVRF')
    return issue(
      'refused',
      `Die Annahme wurde am ${formatDateTime(newest.at)} verweigert${quoted(newest.text)}. DHL schickt das Paket in der Regel an den Absender zurück.`,
    );
  if (ice === 'NTDEL')
    return issue(
      'failed-attempt',
      `Zustellversuch am ${formatDateTime(newest.at)} nicht erfolgreich${quoted(newest.text)}.${FAILED_CHECKS[ric] ? ` ${FAILED_CHECKS[ric]}` : ''}`,
    );
  if (HELD_EVENTS.has(ice))
    return issue('held-for-collection', `Das Paket liegt seit ${formatDateTime(newest.at)} zur Abholung bereit${quoted(newest.text)}.`);
  return { kind: 'in-transit' };
}

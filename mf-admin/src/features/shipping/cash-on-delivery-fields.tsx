import { DHL_COD_MAX_CENTS } from '@shop/contracts';
import type { CashOnDeliverySettings } from '@shop/contracts/admin';
import { decimalToCents, formatEurDecimal, parseEuroInput } from '@shop/format';
import { FormField } from '@shop/ui/form';

/** Longest bank account reference DHL's business customer portal keeps (shipping-labels.ts CashOnDeliverySettings). */
const ACCOUNT_REFERENCE_MAX = 35;

const DHL_COD_MAX = formatEurDecimal((DHL_COD_MAX_CENTS / 100).toFixed(2));

/** An amount field's EUR string, or a German error under `errors[field]`. */
function euroField(data: FormData, name: string, field: string, example: string, errors: Record<string, string>): string {
  const amount = parseEuroInput(String(data.get(name) ?? ''));
  if (!amount) errors[field] = `Bitte geben Sie den Betrag in Euro ein, z. B. ${example}.`;
  return amount ?? '';
}

/**
 * The cash-on-delivery settings a submitted shipping settings form asks for; errors go into
 * `errors` by the field names the service's issues carry ('cashOnDelivery.fee', …).
 */
export function cashOnDeliveryOf(data: FormData, errors: Record<string, string>): CashOnDeliverySettings {
  const fee = euroField(data, 'codFee', 'cashOnDelivery.fee', '6,90', errors);
  const maxTotal = euroField(data, 'codMaxTotal', 'cashOnDelivery.maxTotal', '500,00', errors);
  if (maxTotal && decimalToCents(maxTotal) > DHL_COD_MAX_CENTS)
    errors['cashOnDelivery.maxTotal'] = `DHL zieht per Nachnahme höchstens ${DHL_COD_MAX} ein.`;
  const accountReference = String(data.get('codAccountReference') ?? '').trim();
  if (accountReference.length > ACCOUNT_REFERENCE_MAX)
    errors['cashOnDelivery.accountReference'] = `Höchstens ${ACCOUNT_REFERENCE_MAX} Zeichen.`;
  return { enabled: data.get('codEnabled') === 'on', fee, maxTotal, accountReference };
}

/** An amount in euros as the field shows it (German decimal comma, as the other money inputs of the back office). */
const euroInput = (amount: string) => amount.replace('.', ',');

/**
 * The fieldset 'Nachnahme' of the shipping settings: whether shoppers may choose cash on delivery,
 * its fee (exactly DHL's surcharge under the operator's contract, § 312a Abs. 4 Nr. 2 BGB), the
 * highest order total it is offered for (DHL collects at most 3,500.00 EUR) and the reference of
 * the bank account DHL pays the cash out to. Prepayment stays offered whatever is set here.
 */
export function CashOnDeliveryFields({
  settings,
  errors,
  disabled,
}: {
  settings: CashOnDeliverySettings;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  return (
    <fieldset className="admin-radio-group" disabled={disabled}>
      <legend>Nachnahme</legend>
      <p className="shop-field__hint">
        Der Käufer zahlt bei der Zustellung bar an den DHL-Zusteller; DHL überweist den Betrag mit der Bestellnummer als Verwendungszweck.
        Die Gebühr muss genau dem Nachnahme-Zuschlag entsprechen, den DHL Ihnen laut Ihrem Vertrag berechnet (§&nbsp;312a Abs. 4 Nr. 2 BGB).
        Vorkasse bleibt immer als kostenlose Zahlungsart angeboten.
      </p>
      <label className="admin-checkbox">
        <input type="checkbox" name="codEnabled" defaultChecked={settings.enabled} /> Nachnahme als Zahlungsart anbieten
      </label>
      <FormField
        label="Nachnahmegebühr in € (brutto)"
        hint="Der Nachnahme-Zuschlag von DHL einschließlich 19 % USt. (DHL berechnet Geschäftskunden netto: Zuschlag × 1,19); der Shop nennt ihn überall, wo die Zahlungsarten stehen."
        error={errors['cashOnDelivery.fee']}
      >
        {(control) => <input {...control} name="codFee" inputMode="decimal" autoComplete="off" defaultValue={euroInput(settings.fee)} />}
      </FormField>
      <FormField
        label="Höchster Gesamtbetrag in €"
        hint={`Nachnahme wird nur bis zu diesem Gesamtbetrag (mit Versand und Nachnahmegebühr) angeboten; DHL zieht höchstens ${DHL_COD_MAX} ein.`}
        error={errors['cashOnDelivery.maxTotal']}
      >
        {(control) => (
          <input {...control} name="codMaxTotal" inputMode="decimal" autoComplete="off" defaultValue={euroInput(settings.maxTotal)} />
        )}
      </FormField>
      <FormField
        label="DHL-Referenz der Bankverbindung (optional)"
        hint="Die Referenz, unter der im DHL-Geschäftskundenportal (Versenden → Einstellungen → Nachnahme) das Konto für die Auszahlung hinterlegt ist; höchstens 35 Zeichen. Leer: das Bankkonto des Shops."
        error={errors['cashOnDelivery.accountReference']}
      >
        {(control) => (
          <input
            {...control}
            name="codAccountReference"
            autoComplete="off"
            maxLength={ACCOUNT_REFERENCE_MAX}
            defaultValue={settings.accountReference}
          />
        )}
      </FormField>
      {errors.cashOnDelivery && (
        <p className="shop-field__error" role="alert">
          {errors.cashOnDelivery}
        </p>
      )}
    </fieldset>
  );
}

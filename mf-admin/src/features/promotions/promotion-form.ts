import type { PromotionInput } from '@shop/contracts/admin';
import { parseEuroInput } from '@shop/format';
import { InputError } from '../../components/action-form';

const wholeNumber = (data: FormData, name: string, label: string): number | null => {
  const text = String(data.get(name) ?? '').trim();
  if (!text) return null;
  if (!/^\d{1,7}$/.test(text)) throw new InputError(`${label}: bitte eine ganze Zahl eingeben oder leer lassen.`);
  return Number(text);
};
const optionalEuro = (data: FormData, name: string, label: string): string | null => {
  const text = String(data.get(name) ?? '').trim();
  if (!text) return null;
  const amount = parseEuroInput(text);
  if (!amount) throw new InputError(`${label}: bitte einen Betrag in Euro eingeben, z. B. 20,00, oder leer lassen.`);
  return amount;
};

/**
 * The promo code form's data → PromotionInput. The one 'Rabatt' field is a percent for
 * percentage codes and an amount in euros for fixed ones. @throws InputError with a German text.
 */
export function promotionInputOf(data: FormData): PromotionInput {
  const type = String(data.get('type')) === 'fixed' ? 'fixed' : 'percentage';
  const discount = String(data.get('discount') ?? '').trim();
  let percent: number | null = null;
  let amount: string | null = null;
  if (type === 'percentage') {
    if (!/^\d{1,3}$/.test(discount)) throw new InputError('Rabatt: bitte ganze Prozent eingeben, z. B. 10.');
    percent = Number(discount);
  } else {
    amount = parseEuroInput(discount);
    if (!amount) throw new InputError('Rabatt: bitte einen Betrag in Euro eingeben, z. B. 5,00.');
  }
  return {
    code: String(data.get('code') ?? ''),
    type,
    percent,
    amount,
    validFrom: String(data.get('validFrom') ?? '') || null,
    validUntil: String(data.get('validUntil') ?? '') || null,
    usageLimit: wholeNumber(data, 'usageLimit', 'Einlösungen insgesamt'),
    perCustomerLimit: wholeNumber(data, 'perCustomerLimit', 'Einlösungen pro Kunde'),
    minOrderValue: optionalEuro(data, 'minOrderValue', 'Mindestbestellwert'),
    description: String(data.get('description') ?? ''),
    isActive: data.get('isActive') === 'on',
  };
}

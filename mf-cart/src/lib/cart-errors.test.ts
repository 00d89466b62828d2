import { ApiError } from '@shop/api-client';
import { cartCallText, cartErrorReason } from './cart-errors';

/** Failed cart calls show a German reason, never raw validation text. */
describe('cartErrorReason', () => {
  it('translates a quantity above the limit (by its rule, not its text) into the German limit', () => {
    const body = {
      message: 'Menge: höchstens 99 erlaubt',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'body/quantity', message: 'höchstens 99 erlaubt', rule: 'too_big' }],
    };
    expect(cartErrorReason(new ApiError(400, body.message, body))).toBe('Höchstens 99 Stück pro Artikel.');
  });

  it('names a quantity below 1 by the rule, whatever the wording', () => {
    const body = {
      message: 'x',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'body/quantity', message: 'Number must be greater than or equal to 1', rule: 'too_small' }],
    };
    expect(cartErrorReason(new ApiError(400, 'x', body))).toBe('Die Menge muss mindestens 1 Stück sein.');
  });

  it('hides other schema violations behind a plain request to check the input', () => {
    const body = {
      message: 'Produkt: ungültiges Format',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'body/productId', message: 'ungültiges Format', rule: 'invalid_format' }],
    };
    expect(cartErrorReason(new ApiError(400, body.message, body))).toBe('Bitte prüfen Sie Ihre Eingabe.');
  });

  it('keeps the German sentence of a declared answer (sold out, stock limit)', () => {
    const body = { message: 'Von diesem Produkt sind nur noch 3 Stück verfügbar.', code: 'BAD_REQUEST' };
    expect(cartErrorReason(new ApiError(400, body.message, body))).toBe('Von diesem Produkt sind nur noch 3 Stück verfügbar.');
  });

  it('says the cart is unreachable for server errors and network failures', () => {
    expect(cartErrorReason(new ApiError(503, 'Service unavailable', null))).toMatch(/nicht erreichbar/);
    expect(cartErrorReason(new TypeError('Failed to fetch'))).toMatch(/nicht erreichbar/);
  });
});

describe('cartCallText', () => {
  it("shows the service's sentence of a refusal and the cart's own words for a used-up limit", () => {
    const refused = { message: 'Zu dieser Bestellnummer und E-Mail-Adresse gibt es keine Bestellung.', code: 'NOT_FOUND' };
    expect(cartCallText(new ApiError(404, refused.message, refused), 'Fehler')).toBe(refused.message);
    const limited = { message: 'Too Many Requests', code: 'RATE_LIMITED' };
    expect(cartCallText(new ApiError(429, limited.message, limited), 'Fehler')).toBe('Zu viele Anfragen. Bitte warten Sie einen Moment.');
  });

  it('never shows the text of a failed service', () => {
    const failed = { message: 'Internal Server Error', code: 'INTERNAL_ERROR' };
    expect(cartCallText(new ApiError(500, failed.message, failed), 'Bitte versuchen Sie es erneut.')).toBe(
      'Bitte versuchen Sie es erneut.',
    );
  });
});

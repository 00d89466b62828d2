import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WithdrawalFormState } from '@shop/contracts';
import { jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { withdrawalFormKey } from '../../api/withdrawal-api';
import { WithdrawalPage } from './withdrawal-page';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const RECEIPT = {
  withdrawalId: 'f'.repeat(24),
  orderNumber: 'RT-2026-K7M2QX9P',
  receivedAt: '2026-11-27T09:15:00.000Z',
  email: 'erika@example.de',
  items: '',
  name: 'Max Muster',
};

/** 'Vertrag widerrufen' (§ 356a BGB) once hydrated: the form, the review, the receipt. */
describe('WithdrawalPage', () => {
  test('the receipt says when it was received and who declared it', async () => {
    api.on('POST', '/api/withdrawals', jsonAnswer(201, RECEIPT));
    renderScreen(<WithdrawalPage />, { path: '/vertrag-widerrufen' });
    fireEvent.change(await screen.findByLabelText('Ihr Name'), { target: { value: 'Max Muster' } });
    fireEvent.change(screen.getByLabelText('Bestellnummer'), { target: { value: 'RT-2026-K7M2QX9P' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse der Bestellung'), { target: { value: 'erika@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Widerruf bestätigen' }));
    expect(await screen.findByTestId('withdrawal-receipt')).toHaveTextContent(
      'Ihr Widerruf zur Bestellung RT-2026-K7M2QX9P ist am 27.11.2026 um 10:15 Uhr bei uns eingegangen.',
    );
    expect(screen.getByTestId('withdrawal-declared-by')).toHaveTextContent('Erklärt von: Max Muster');
    await waitFor(() => expect(api.requests('POST', '/api/withdrawals')).toHaveLength(1));
    expect(api.requests('POST', '/api/withdrawals')[0]!.body).toEqual({
      name: 'Max Muster',
      orderNumber: 'RT-2026-K7M2QX9P',
      email: 'erika@example.de',
      items: '',
    });
  });

  describe('the answer of the form sent without JavaScript, as the server renders it', () => {
    const EMPTY = { name: '', orderNumber: '', email: '', items: '' };
    const openWith = (state: WithdrawalFormState) => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(withdrawalFormKey, { state });
      // As the server render's data arrives in the browser: in the cache before the first render.
      return renderScreen(
        <QueryClientProvider client={queryClient}>
          <WithdrawalPage />
        </QueryClientProvider>,
        { path: '/vertrag-widerrufen' },
      );
    };

    test('the form posts to the cart service; wrong entries come back typed, with the German errors at their fields', async () => {
      const values = { ...EMPTY, orderNumber: '12345', email: 'erika@' };
      const { container } = openWith({
        step: 'form',
        values,
        errors: { name: 'Bitte geben Sie Ihren Namen ein.', email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
        receipt: null,
      });
      const form = container.querySelector('form.cart-withdrawal-form')!;
      expect(form).toHaveAttribute('method', 'post');
      expect(form).toHaveAttribute('action', '/api/withdrawals/form');
      expect(form.closest('fieldset[disabled]')).toBeNull();
      expect(screen.getByLabelText('Ihr Name')).toHaveAccessibleDescription('Bitte geben Sie Ihren Namen ein.');
      expect(screen.getByLabelText('Ihr Name')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('E-Mail-Adresse der Bestellung')).toHaveValue('erika@');
      expect(screen.getByLabelText('E-Mail-Adresse der Bestellung')).toHaveAccessibleDescription(
        'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      );
      expect(screen.getByLabelText('Bestellnummer')).toHaveValue('12345');
      expect(screen.getByRole('button', { name: 'Weiter' })).toHaveAttribute('value', 'pruefen');
    });

    test('the server’s HTML already holds what was typed (no JavaScript fills it in)', () => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(withdrawalFormKey, {
        state: { step: 'form', values: { ...EMPTY, orderNumber: '12345', items: '1 × Mango' }, errors: {}, receipt: null },
      });
      const html = renderToString(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/vertrag-widerrufen']}>
            <WithdrawalPage />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(html).toMatch(/<input[^>]*name="orderNumber"[^>]*value="12345"|<input[^>]*value="12345"[^>]*name="orderNumber"/);
      expect(html).toMatch(/<textarea[^>]*name="items"[^>]*>1 × Mango<\/textarea>/);
      expect(html).not.toContain('disabled');
    });

    test('the review carries the entries to the confirmation and shows why the last try failed', () => {
      const values = { name: 'Max Muster', orderNumber: 'RT-2026-999999', email: 'max@example.de', items: '' };
      const { container } = openWith({ step: 'review', values, errors: { form: 'Wir finden keine Bestellung.' }, receipt: null });
      const review = container.querySelector('form.cart-withdrawal-review')!;
      expect(review).toHaveAttribute('action', '/api/withdrawals/form');
      expect(Object.fromEntries(new FormData(review as HTMLFormElement))).toEqual(values);
      expect(within(review as HTMLElement).getByRole('alert')).toHaveTextContent('Wir finden keine Bestellung.');
      expect(screen.getByRole('button', { name: 'Widerruf bestätigen' })).toHaveAttribute('value', 'bestaetigen');
      expect(screen.getByRole('button', { name: 'Angaben ändern' })).toHaveAttribute('value', 'aendern');
    });

    test('the receipt, with who declared it', () => {
      openWith({ step: 'received', values: EMPTY, errors: {}, receipt: RECEIPT });
      expect(screen.getByRole('heading', { level: 1, name: 'Widerruf eingegangen' })).toBeInTheDocument();
      expect(screen.getByTestId('withdrawal-declared-by')).toHaveTextContent('Erklärt von: Max Muster');
    });
  });
});

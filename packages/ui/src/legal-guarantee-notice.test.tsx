import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen, within } from '@testing-library/react';
import { EU_GUARANTEE_INFO_URL, EU_GUARANTEE_QR, LEGAL_GUARANTEE_NOTICE } from '@shop/legal-notices';
import { DurabilityGuaranteeLabel, LegalGuaranteeNotice } from './legal-guarantee-notice';

test('the notice: heading with the two-year minimum, every point, the EU link in a new window and the QR code', () => {
  render(<LegalGuaranteeNotice headingLevel={3} />);
  const notice = screen.getByRole('complementary', { name: 'Gesetzliche Gewährleistung mindestens 2 Jahre' });
  expect(within(notice).getByRole('heading', { level: 3 })).toBeInTheDocument();
  expect(
    within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(LEGAL_GUARANTEE_NOTICE.points);
  const link = within(notice).getByRole('link', { name: /Mehr über Ihre Rechte nach EU-Recht/ });
  expect(link).toHaveAttribute('href', EU_GUARANTEE_INFO_URL);
  expect(link).toHaveAttribute('target', '_blank');
  const qr = within(notice).getByRole('img', { name: LEGAL_GUARANTEE_NOTICE.qrAlt });
  expect(qr.querySelector('path')).toHaveAttribute('d', EU_GUARANTEE_QR.path);
  // In colour: the EU blue on the frame, whatever the shop's theme.
  expect(notice.style.getPropertyValue('--shop-guarantee-blue')).toBe('#003399');
});

test('server-rendered and hydrated without a mismatch (the heading id comes from useId)', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LegalGuaranteeNotice />);
  document.body.append(container);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(container, <LegalGuaranteeNotice />, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});

test('the durability guarantee label shows only above the legal two years', () => {
  const { container, rerender } = render(<DurabilityGuaranteeLabel years={2} />);
  expect(container).toBeEmptyDOMElement();
  rerender(<DurabilityGuaranteeLabel years={null} />);
  expect(container).toBeEmptyDOMElement();
  rerender(<DurabilityGuaranteeLabel years={5} />);
  expect(screen.getByTestId('durability-guarantee-label')).toHaveTextContent(
    'Haltbarkeitsgarantie des Herstellers: Der Hersteller garantiert die Haltbarkeit dieser Ware für 5 Jahre ab Lieferung.',
  );
});

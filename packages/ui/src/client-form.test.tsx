import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen } from '@testing-library/react';
import { ClientForm } from './client-form';

function ContactForm() {
  return (
    <ClientForm aria-label="Kontakt">
      <label>
        Nachricht
        <textarea name="message" />
      </label>
      <button type="submit">Senden</button>
    </ClientForm>
  );
}

test('server-rendered, the fields are disabled: nothing can be submitted before the page has hydrated', () => {
  const html = renderToString(<ContactForm />);
  expect(html).toContain('<fieldset class="shop-client-form" disabled="">');
});

test('hydrating that HTML enables the fields without a mismatch', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ContactForm />);
  document.body.append(container);
  expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(container, <ContactForm />, { onRecoverableError: recoverable });
  });
  expect(screen.getByRole('button', { name: 'Senden' })).toBeEnabled();
  expect(screen.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});

test('rendered in the browser only, the fields are enabled at once', () => {
  render(<ContactForm />);
  expect(screen.getByRole('button', { name: 'Senden' })).toBeEnabled();
});

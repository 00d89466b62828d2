import { fieldErrorsOf } from './server-field-errors';

test("fieldErrorsOf gives the server's errors as react-hook-form errors, nested by dotted names, without the form's own", () => {
  expect(
    fieldErrorsOf({ email: 'Ungültig.', 'billing.street': 'Keine Packstation.', 'billing.city': 'Fehlt.', form: 'Abgelehnt.' }),
  ).toEqual({
    email: { type: 'server', message: 'Ungültig.' },
    billing: { street: { type: 'server', message: 'Keine Packstation.' }, city: { type: 'server', message: 'Fehlt.' } },
  });
  expect(fieldErrorsOf({ form: 'Abgelehnt.' })).toBeUndefined();
  expect(fieldErrorsOf(undefined)).toBeUndefined();
});

import { firstErrorByField } from './form-outcome';
import { formText } from './form-fields';

test('formText reads a named text field, cut to its cap; absent, repeated or other values read as empty', () => {
  const fields = { email: 'erika@example.de', long: 'x'.repeat(300), repeated: ['a', 'b'], count: 3 };
  expect(formText(fields, 'email', 201)).toBe('erika@example.de');
  expect(formText(fields, 'long', 250)).toHaveLength(250);
  expect(formText(fields, 'repeated', 201)).toBe('');
  expect(formText(fields, 'count', 201)).toBe('');
  expect(formText(fields, 'missing', 201)).toBe('');
});

test('firstErrorByField keys the first message by the first path segment, or with dottedPaths by the whole path', () => {
  const issues = [
    { path: ['billing', 'street'], message: 'Keine Packstation.' },
    { path: ['billing', 'city'], message: 'Bitte geben Sie den Ort ein.' },
    { path: ['billing', 'street'], message: 'Zu lang.' },
    { path: [], message: 'Bitte prüfen Sie Ihre Angaben.' },
  ];
  expect(firstErrorByField(issues)).toEqual({ billing: 'Keine Packstation.', form: 'Bitte prüfen Sie Ihre Angaben.' });
  expect(firstErrorByField(issues, { dottedPaths: true })).toEqual({
    'billing.street': 'Keine Packstation.',
    'billing.city': 'Bitte geben Sie den Ort ein.',
    form: 'Bitte prüfen Sie Ihre Angaben.',
  });
});

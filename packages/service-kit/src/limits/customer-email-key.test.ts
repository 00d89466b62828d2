import { customerEmailKey } from './customer-email-key';

describe('customerEmailKey: one key per mailbox for every per-customer limit', () => {
  test.each([
    ['erika@example.de', 'erika@example.de'],
    [' Erika@Example.DE ', 'erika@example.de'],
    ['erika+shop@example.de', 'erika@example.de'],
    ['e.rika.m@gmail.com', 'erikam@gmail.com'],
    ['E.Rika.M+promo@GoogleMail.com', 'erikam@gmail.com'],
    ['erikam@gmail.com.', 'erikam@gmail.com'],
    ['ｅｒｉｋａ@example.de', 'erika@example.de'],
    // Dots mean something outside Gmail.
    ['e.rika@example.de', 'e.rika@example.de'],
  ])('%s → %s', (input, key) => {
    expect(customerEmailKey(input)).toBe(key);
  });
});

/**
 * @jest-environment jsdom
 */
import { emit, on } from './index';

describe('typed event bus', () => {
  test('delivers a validated payload to subscribers until they unsubscribe', () => {
    const received: unknown[] = [];
    const off = on('cart:changed', (detail) => received.push(detail));
    emit('cart:changed', { itemCount: 2 });
    off();
    emit('cart:changed', { itemCount: 3 });
    expect(received).toEqual([{ itemCount: 2 }]);
  });

  test('rejects a bad payload at the sender', () => {
    expect(() => emit('cart:changed', { itemCount: -1 })).toThrow();
  });

  test('drops a malformed event sent around the bus', () => {
    const handler = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const off = on('cart:changed', handler);
    window.dispatchEvent(new CustomEvent('cart:changed', { detail: { itemCount: -1 } }));
    off();
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('applies schema defaults (toast variant)', () => {
    const handler = jest.fn();
    const off = on('shell:toast', handler);
    emit('shell:toast', { title: 'Hinzugefügt!' });
    off();
    expect(handler).toHaveBeenCalledWith({ title: 'Hinzugefügt!', variant: 'default' });
  });
});

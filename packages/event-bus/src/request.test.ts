/**
 * @jest-environment jsdom
 */
import { handle, refuseRequests, request, RequestFailedError, RequestNotAcceptedError } from './index';

const fast = { acceptTimeoutMs: 300, retryMs: 20, resultTimeoutMs: 300 };

describe('request/response between slices', () => {
  test('the handler gets the validated payload once and its answer reaches the asker', async () => {
    const handler = jest.fn(async () => ({ ok: true }));
    const stop = handle('cart:add', handler);
    await expect(request('cart:add', { productId: 'p1', quantity: 2 }, fast)).resolves.toEqual({ ok: true });
    stop();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ productId: 'p1', quantity: 2 });
  });

  test('a handler that starts late (its remote still loading) gets the request once', async () => {
    const handler = jest.fn(async () => ({ ok: true }));
    let stop = () => undefined as void;
    setTimeout(() => (stop = handle('cart:add', handler)), 100);
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).resolves.toEqual({ ok: true });
    stop();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  test('without a handler the asker learns it in time instead of waiting forever', async () => {
    const started = Date.now();
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).rejects.toBeInstanceOf(RequestNotAcceptedError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('a failing handler, a wrong answer and a missing answer are errors of the request', async () => {
    let stop = handle('cart:add', async () => {
      throw new Error('cart service down');
    });
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).rejects.toThrow(/cart service down/);
    stop();
    stop = handle('cart:add', async () => ({ ok: 'yes' }) as never);
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).rejects.toBeInstanceOf(RequestFailedError);
    stop();
    stop = handle('cart:add', () => new Promise(() => undefined));
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).rejects.toThrow(/took longer/);
    stop();
  });

  test('refused by the shell (the answering remote could not be loaded): the asker learns it at once; a handler still wins', async () => {
    const stopRefusing = refuseRequests('cart:add');
    const started = Date.now();
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, { acceptTimeoutMs: 10_000 })).rejects.toBeInstanceOf(
      RequestNotAcceptedError,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    const stop = handle('cart:add', async () => ({ ok: true }));
    await expect(request('cart:add', { productId: 'p1', quantity: 1 }, fast)).resolves.toEqual({ ok: true });
    stop();
    stopRefusing();
  });

  test('a malformed request is refused at the sender', async () => {
    await expect(request('cart:add', { productId: '', quantity: 0 }, fast)).rejects.toThrow();
  });
});

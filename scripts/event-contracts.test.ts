import path from 'node:path';
import { RETIRED_SHOP_EVENTS, ShopEvents, ShopRequests } from '@shop/contracts';
import { browserSources, contractProblems, contractUse } from './lib/event-contracts';

/**
 * The slices' browser contracts hold in the source as it is: every event listened to is emitted,
 * every request asked is answered by exactly one slice, and no contract is dead
 * (docs/architecture.md 'Event bus').
 */
const ROOT = path.resolve(__dirname, '..');
const CONTRACTS = { events: Object.keys(ShopEvents), requests: Object.keys(ShopRequests), retired: RETIRED_SHOP_EVENTS };

test('every event listened to is emitted, every request is answered by one slice, no contract is dead', () => {
  const use = contractUse(browserSources(ROOT));
  expect(contractProblems(use, CONTRACTS)).toEqual([]);
  // The check saw the calls it is about (a broken pattern would find nothing and pass).
  expect([...use.get('cart:add')!.asks]).toEqual(expect.arrayContaining(['shell']));
  expect([...use.get('cart:add')!.answers]).toEqual(['cart']);
  expect([...use.get('wishlist:changed')!.listens]).toEqual(['catalog']);
});

test('a listener without an emitter, a request answered twice or by nobody, and a dead contract are reported', () => {
  const use = contractUse([
    { path: 'mf-cart/src/a.tsx', text: "on('cart:open', open); handle('cart:add', add); emit('auth:changed', {});" },
    { path: 'mf-account/src/b.tsx', text: "handle('cart:add', add); request('wishlist:toggle', {}); api.on('GET', '/x');" },
  ]);
  expect(contractProblems(use, { events: ['auth:changed', 'cart:changed'], requests: ['cart:add', 'wishlist:toggle'] })).toEqual([
    "'cart:open' is used (cart) but is no contract",
    "event 'cart:open' is listened to by cart but emitted by nobody",
    "request 'cart:add' is answered by several slices: account, cart",
    "request 'cart:add' is answered by account, cart but asked by nobody",
    "request 'wishlist:toggle' is asked by account but answered by nobody",
    "event 'cart:changed' is a contract that nobody emits",
    "request 'wishlist:toggle' is a contract that nobody answers",
  ]);
});

test('a retired event need not be emitted, but no source may use it; a live set may still carry a release announcing it', () => {
  const contracts = { events: ['auth:changed', 'cart:changed'], requests: [], retired: ['cart:changed'] };
  const quiet = contractUse([{ path: 'mf-account/src/a.tsx', text: "emit('auth:changed', {});" }]);
  expect(contractProblems(quiet, contracts)).toEqual([]);
  const stillUsed = contractUse([{ path: 'mf-cart/src/a.tsx', text: "emit('auth:changed', {}); emit('cart:changed', { itemCount: 1 });" }]);
  expect(contractProblems(stillUsed, contracts)).toEqual(["event 'cart:changed' is retired but still used (cart)"]);
  expect(contractProblems(stillUsed, contracts, 'allowed')).toEqual([]);
});

/** @jest-environment jsdom */
import { remoteEntryScript } from './remotes';

describe('remoteEntryScript', () => {
  it("names the remoteEntry.js beside a remote's manifest, on the gateway or on another origin", () => {
    expect(remoteEntryScript('/remotes/cart/mf-manifest.json')).toBe(`${window.location.origin}/remotes/cart/remoteEntry.js`);
    expect(remoteEntryScript('/remotes/cart/0123456789ab/mf-manifest.json')).toBe(
      `${window.location.origin}/remotes/cart/0123456789ab/remoteEntry.js`,
    );
    expect(remoteEntryScript('https://cdn.example/cart/mf-manifest.json')).toBe('https://cdn.example/cart/remoteEntry.js');
  });
});

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses at import: take Node's.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no layout and no matchMedia: every media query is false, as on a narrow phone
// (phones first), so components render their phone layout in component tests.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
}

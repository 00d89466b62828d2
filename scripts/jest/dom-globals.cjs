// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses at import: take Node's.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

/** `npm run edge`: `npm start` with the shared cache (Varnish) in front of the gateway (scripts/start.ts). */
process.env.EDGE = '1';
void import('./start');

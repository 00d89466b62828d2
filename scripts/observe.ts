/** `npm run observe`: `npm start` with Jaeger and Prometheus beside the shop (scripts/start.ts, OBSERVE=1). */
process.env.OBSERVE = '1';
void import('./start');

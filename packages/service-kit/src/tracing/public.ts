/**
 * `import '@shop/service-kit/tracing/public'` as the first import of the public gateway's server:
 * starts tracing like `@shop/service-kit/tracing` (from-environment.ts), except that a request's
 * own trace context (`traceparent`, `tracestate`, `baggage`, sent by anyone on the internet) is
 * never taken over: every request starts a trace of the gateway's own, sampled by the gateway's
 * rule, which its calls to the services carry.
 */
import { startTracingFromEnvironment } from './from-environment';

startTracingFromEnvironment('ignore');

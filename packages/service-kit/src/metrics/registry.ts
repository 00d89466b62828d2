import {
  Counter,
  Gauge,
  Histogram,
  collectDefaultMetrics,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * The process's Prometheus registry (prom-client's default one): every metric of this process,
 * served on its internal `/metrics` address (metrics-server.ts), never through the gateway's public
 * port. Each instance has its own; Prometheus scrapes every instance and sums across them, so no
 * figure here needs to agree with another process.
 *
 * Names follow Prometheus' rules (snake case, unit suffix, `_total` for counters); HTTP and
 * database figures follow the OpenTelemetry semantic conventions' names in that form
 * (`http.server.request.duration` → `http_server_request_duration_seconds`). The shop's own carry
 * the prefix `shop_`. docs/operations.md lists them with the alerts built on them.
 */
export const metricsRegistry = register;

let runtimeCollected = false;

/**
 * Starts the Node runtime metrics once per process (prom-client's defaults): CPU, resident
 * memory, heap by space, event-loop delay (`nodejs_eventloop_lag_*`), GC durations by kind
 * (`nodejs_gc_duration_seconds`), open handles. `service` labels every metric of the process.
 */
export function collectRuntimeMetrics(service: string): void {
  if (runtimeCollected) return;
  runtimeCollected = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });
}

/**
 * The metric named in `config`, registered once per process: a module loaded twice (tests that
 * build several apps) gets the same one back instead of prom-client's 'already registered' error.
 */
function registeredOnce<M, C extends { name: string }>(Kind: new (config: C) => M, config: C): M {
  return (metricsRegistry.getSingleMetric(config.name) as M | undefined) ?? new Kind({ ...config, registers: [metricsRegistry] });
}

/** A counter registered once per process. */
export const shopCounter = <L extends string>(config: CounterConfiguration<L>): Counter<L> => registeredOnce(Counter<L>, config);

/** A gauge registered once per process. */
export const shopGauge = <L extends string>(config: GaugeConfiguration<L>): Gauge<L> => registeredOnce(Gauge<L>, config);

/** A histogram registered once per process. */
export const shopHistogram = <L extends string>(config: HistogramConfiguration<L>): Histogram<L> => registeredOnce(Histogram<L>, config);

/** The bucket boundaries (s) the OpenTelemetry semantic conventions advise for HTTP durations. */
export const HTTP_DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

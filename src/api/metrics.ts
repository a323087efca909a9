import { systemClock, type Clock } from '../clock.js';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryStats } from '../control/webhooks/delivery-stats.js';
import type { ServedSnapshot } from './snapshot/served-snapshot.js';

/** Why a request was refused with 429. */
export type QuotaRefusal = 'cota_diaria' | 'por_segundo';

/**
 * What `GET /metrics` exposes (Prometheus text format), one registry per app so tests and several apps in one
 * process do not share counters. Routes are labelled by their template, never the raw path (bounded cardinality).
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'svc_http_requests_total',
    help: 'Requests answered, by route template, method and status.',
    labelNames: ['rota', 'metodo', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time to answer a request, by route template.',
    labelNames: ['rota'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'svc_quota_rejections_total',
    help: 'Requests refused with 429, by reason (daily quota or per-second limit).',
    labelNames: ['motivo'] as const,
    registers: [this.registry],
  });
  private readonly swaps = new Histogram({
    name: 'svc_snapshot_swap_duration_seconds',
    help: 'Time to load a new snapshot and swap to it.',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** `deliveries` reads the delivery queue at each scrape (the workers may be other processes). */
  constructor(
    current: () => ServedSnapshot | null,
    readDeliveries: (now: number) => Promise<DeliveryStats>,
    clock: Clock = systemClock,
  ) {
    // One read of the queue per scrape, shared by the gauges collected together.
    let read: Promise<DeliveryStats> | null = null;
    const deliveries = (now: number) => {
      read ??= readDeliveries(now).finally(() => setImmediate(() => (read = null)));
      return read;
    };
    new Gauge({
      name: 'svc_webhook_deliveries',
      help: 'Webhook deliveries in the control plane, by status.',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const { porStatus } = await deliveries(clock.now());
        this.reset();
        for (const [status, n] of Object.entries(porStatus)) this.set({ status }, n);
      },
    });
    new Gauge({
      name: 'svc_webhook_queue_due',
      help: 'Pending deliveries due now and not under a live claim (backlog).',
      registers: [this.registry],
      async collect() {
        this.set((await deliveries(clock.now())).devidas);
      },
    });
    new Gauge({
      name: 'svc_webhook_claimed',
      help: 'Pending deliveries under a live worker lease (every worker on the control plane).',
      registers: [this.registry],
      async collect() {
        this.set((await deliveries(clock.now())).reservadas);
      },
    });
    new Gauge({
      name: 'svc_webhook_delivery_seconds_mean',
      help: 'Mean duration of the deliveries that succeeded in the last 5 minutes (absent when none did).',
      registers: [this.registry],
      async collect() {
        const ms = (await deliveries(clock.now())).duracaoMediaMs;
        this.reset();
        if (ms !== null) this.set(ms / 1000);
      },
    });
    new Gauge({
      name: 'svc_snapshot_id',
      help: 'Number of the snapshot served (0 before the first load).',
      registers: [this.registry],
      collect() {
        this.set(Number(current()?.id.replace(/\D/g, '') || 0));
      },
    });
    new Gauge({
      name: 'svc_snapshot_age_seconds',
      help: 'Seconds since the snapshot served was created (absent before the first load).',
      registers: [this.registry],
      collect() {
        const created = current()?.criadoEm;
        if (created) this.set((clock.now() - Date.parse(created)) / 1000);
      },
    });
  }

  quotaRefused(motivo: QuotaRefusal): void {
    this.refusals.inc({ motivo });
  }

  snapshotSwapped(ms: number): void {
    this.swaps.observe(ms / 1000);
  }

  /** Counts a request answered and its latency, by route template (`nenhuma`: no route matched). */
  observe(rota: string, metodo: string, status: number, seconds: number): void {
    this.requests.inc({ rota, metodo, status: String(status) });
    this.latency.observe({ rota }, seconds);
  }
}

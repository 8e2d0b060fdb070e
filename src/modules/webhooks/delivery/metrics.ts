import type { Metrics } from '../../../platform/metrics/metrics.js';

/** The delivery engine's series: attempts by outcome and how long receivers took (docs/operations.md). */
export function deliverySeries(metrics: Metrics) {
  return {
    attempts: metrics.counter(
      'kb_webhook_delivery_attempts_total',
      'Webhook delivery attempts, by outcome (succeeded, http_error, timeout, refused, redirect, blocked, network)',
      ['outcome'],
    ),
    latency: metrics.histogram('kb_webhook_delivery_latency_seconds', 'Time until a webhook receiver answered or the attempt failed, by result (succeeded, failed)', ['result']),
    disabled: metrics.counter('kb_webhook_endpoints_disabled_total', 'Webhook endpoints disabled after failing continuously for 5 days'),
  };
}
export type DeliverySeries = ReturnType<typeof deliverySeries>;

/**
 * Series the platform's alerts read from other projects' exporters, with the labels each carries (as
 * their sources define them) and the job the scrape configuration gives them. The exporters:
 * - prometheus-nats-exporter 0.16 (`-varz -healthz -jsz=all`, components/observability/nats-exporter.yaml):
 *   collector/healthz.go and collector/jsz.go, namespaces `gnatsd` and `jetstream`;
 * - oliver006/redis_exporter 1.67 (redis-exporter.yaml): INFO's used_memory and maxmemory, and redis_up;
 * - kube-state-metrics (kube-prometheus-stack): kube_job_status_failed;
 * - cert-manager's controller: certmanager_certificate_expiration_timestamp_seconds;
 * - the blackbox exporter, through the Probe of public-probe.yaml: probe_success.
 */
export interface ExporterSeries {
  labels: readonly string[];
  /** The `job` its scrape gets, which every rule must select it by; none when kube-prometheus-stack names it. */
  job?: string;
}

const JS_SERVER = ['server_id', 'server_name', 'cluster', 'domain', 'meta_leader', 'is_meta_leader'];
const JS_STREAM = [
  ...JS_SERVER,
  'account',
  'account_id',
  'stream_name',
  'stream_leader',
  'is_stream_leader',
  'stream_raft_group',
];
const JS_CONSUMER = [...JS_STREAM, 'consumer_name', 'consumer_leader', 'is_consumer_leader', 'consumer_desc'];

export const EXPORTER_SERIES: Record<string, ExporterSeries> = {
  gnatsd_healthz_status: { labels: ['server_id', 'value'], job: 'nats' },
  jetstream_server_total_message_bytes: { labels: JS_SERVER, job: 'nats' },
  jetstream_server_max_storage: { labels: JS_SERVER, job: 'nats' },
  jetstream_stream_total_bytes: { labels: JS_STREAM, job: 'nats' },
  jetstream_stream_limit_bytes: { labels: JS_STREAM, job: 'nats' },
  jetstream_consumer_num_pending: { labels: JS_CONSUMER, job: 'nats' },
  jetstream_consumer_num_ack_pending: { labels: JS_CONSUMER, job: 'nats' },
  redis_up: { labels: [], job: 'redis-exporter' },
  redis_memory_used_bytes: { labels: [], job: 'redis-exporter' },
  redis_memory_max_bytes: { labels: [], job: 'redis-exporter' },
  kube_job_status_failed: { labels: ['namespace', 'job_name', 'reason'] },
  certmanager_certificate_expiration_timestamp_seconds: {
    labels: ['name', 'namespace', 'issuer_name', 'issuer_kind', 'issuer_group'],
  },
  probe_success: { labels: [], job: 'medtutor-public' },
};

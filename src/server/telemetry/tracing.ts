// The tracer (telemetry/register.ts loads this only with OTEL_EXPORTER_OTLP_ENDPOINT): spans of
// HTTP requests (named by the Fastify route, plugins/metrics.ts sets http.route), of each SQL
// statement on PostgreSQL and each Redis command, batched to
// <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces as OTLP over HTTP with JSON bodies.
//
// The server's modules are ES modules importing pg and ioredis, so their instrumentation needs
// import-in-the-middle's loader hook (module.register) as well as require-in-the-middle: both are
// registered here, before the server's first import. PGlite runs in the process and has no
// driver to instrument: its statements get no spans.
import { register } from 'node:module';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

// The loader hook of the same import-in-the-middle the instrumentations use.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({
    'service.name': process.env.OTEL_SERVICE_NAME ?? 'payee-portal',
  }),
  // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS, _TIMEOUT) itself.
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
registerInstrumentations({
  instrumentations: [
    // Health probes are polled every few seconds: no spans for them.
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => (request.url ?? '').startsWith('/master/health'),
    }),
    // Only statements and commands inside a traced request: not the migrations at start, nor the
    // job engine's polling every second.
    new PgInstrumentation({ requireParentSpan: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
  ],
});

// Spans still in the batch are sent before the process ends (SIGTERM's graceful shutdown exits).
process.once('beforeExit', () => void provider.shutdown());

// Traces over OTLP (issue 32 point 3), loaded before the server with Node's --import:
//   production:  node --import ./dist/server/telemetry/register.js dist/server/main.js
//   development: node --import tsx --import ./src/server/telemetry/register.ts src/server/main.ts
// Nothing is loaded unless OTEL_EXPORTER_OTLP_ENDPOINT is set, so startup and tests pay nothing.
// It must run before the server's modules load: the instrumentations patch pg, ioredis and
// node:http as they are imported (tracing.ts).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // Named at run time, so the server's build keeps tracing.js a file of its own (an entry point)
  // rather than bundling it, and its packages, into this one.
  const tracing = new URL(
    `./tracing${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
    import.meta.url,
  );
  await import(tracing.href);
}

export {};

// One HTTP load measure with autocannon: a short warm-up, then the measured run with the same
// settings. Anything but a 2xx (or a socket error) fails the measure.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  connections: number;
  /** Seconds of the measured run (ignored when `amount` is set). */
  duration: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  warmupSeconds: number;
  /** Builds each request's body (unique values per request). */
  body?: () => string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** Responses per status code, e.g. { "200": 9812 }. */
  statusCodes: Record<string, number>;
}

async function run(options: LoadOptions, seconds: number, amount?: number) {
  const { body } = options;
  return autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    connections: options.connections,
    ...(amount ? { amount } : { duration: seconds }),
    ...(body
      ? {
          requests: [
            {
              setupRequest: (request) => ({ ...request, body: body() }),
            },
          ],
        }
      : {}),
  });
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  const result = await run(options, options.duration, options.amount);
  const total = result.requests.total;
  return {
    requestsPerSecond: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
    ),
  };
}

export const failed = (r: LoadResult): boolean => r.non2xx > 0 || r.errors > 0 || r.total === 0;

// The line password hashes wait in: a few at a time, in arrival order, and a burst beyond what can
// be served in time refused at once with a retryable 503 ServiceBusy instead of a client timeout.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import { HashLine } from '../../../src/server/services/passwords';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HashLine', () => {
  it('runs at most its concurrency at once, in arrival order', async () => {
    const line = new HashLine(2, 10_000);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        line.run(async () => {
          order.push(i);
          running++;
          peak = Math.max(peak, running);
          await sleep(20);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses at once, with a retryable 503, what could not start within its wait', async () => {
    const line = new HashLine(1, 250);
    await line.run(() => sleep(100)); // learns that one hash takes about 100 ms
    const startedAt = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => line.run(() => sleep(100))),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    // One runs, two or three can wait 250 ms; the rest are refused without waiting.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.statusCode).toBe(503);
      expect(error.message).toMatch(/^ServiceBusy: /);
    }
    expect(Date.now() - startedAt).toBeLessThan(1_500);
  });
});

// Every call of a soak or chaos run: its kind, the process that answered, its status (or a
// connection error), its duration, and whether it fell in a fault window.
import { percentile } from '../bench/stats';

/** A status, or `conn` (connection refused or reset), `timeout` (past CALL_TIMEOUT_MS), `error`. */
export type Outcome = number | 'conn' | 'timeout' | 'error';

/** A client gives up on a call after 30 s; a run reports any such call as a hang. */
export const CALL_TIMEOUT_MS = 30_000;

export interface Call {
  kind: string;
  origin: string;
  outcome: Outcome;
  /** The error code of a refusal (`{code, message}`: the message's name before the colon). */
  code: string;
  startedAt: number;
  ms: number;
  /**
   * A refusal its step took as done because an earlier try's answer was lost (a code the lost
   * try already spent, a claim it already accepted): expected, not an error of the server.
   */
  afterLoss?: boolean;
}

export interface FaultWindow {
  name: string;
  from: number;
  to: number;
}

export class Recorder {
  readonly calls: Call[] = [];
  readonly windows: FaultWindow[] = [];
  readonly startedAt = performance.now();

  add(call: Call): void {
    this.calls.push(call);
  }

  /** Opens a fault window; the returned function closes it `graceMs` later. */
  fault(name: string): (graceMs?: number) => void {
    const window: FaultWindow = { name, from: performance.now(), to: Infinity };
    this.windows.push(window);
    return (graceMs = 2_000) => {
      window.to = performance.now() + graceMs;
    };
  }

  inFault(call: Call): boolean {
    const end = call.startedAt + call.ms;
    return this.windows.some((w) => call.startedAt <= w.to && end >= w.from);
  }
}

/** 503s and connection errors inside a fault window are expected; anything 5xx else is not. */
export function classify(recorder: Recorder, call: Call): 'ok' | 'expected' | 'unexpected' {
  const { outcome } = call;
  if (typeof outcome === 'number' && outcome < 500) return 'ok';
  if (outcome === 'timeout') return 'unexpected';
  if ((outcome === 503 || outcome === 'conn') && recorder.inFault(call)) return 'expected';
  return 'unexpected';
}

export interface KindFigures {
  kind: string;
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function figuresByKind(calls: readonly Call[]): KindFigures[] {
  const byKind = new Map<string, number[]>();
  for (const call of calls) {
    const list = byKind.get(call.kind) ?? [];
    list.push(call.ms);
    byKind.set(call.kind, list);
  }
  return [...byKind]
    .map(([kind, ms]) => ({
      kind,
      calls: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      max: Math.max(...ms),
    }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Every answer that is not the step's success, by kind, outcome and code, with its count. */
export function errorsByKind(
  recorder: Recorder,
  calls: readonly Call[],
): { key: string; count: number; expected: boolean }[] {
  const counts = new Map<string, { count: number; expected: boolean }>();
  for (const call of calls) {
    if (typeof call.outcome === 'number' && call.outcome < 400) continue;
    const expected = call.afterLoss === true || classify(recorder, call) === 'expected';
    const key = `${call.kind} ${call.outcome}${call.code ? ` ${call.code}` : ''}${call.afterLoss ? ' (after a lost try)' : expected ? ' (fault window)' : ''}`;
    const entry = counts.get(key) ?? { count: 0, expected };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts]
    .map(([key, v]) => ({ key, ...v }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

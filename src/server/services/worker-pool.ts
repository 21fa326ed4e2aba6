// A small pool of worker threads for CPU-bound work (issue 29 point 2): the thread that answers
// requests hands a job over and waits without working, so every other request (a health probe,
// a sign-in) is answered meanwhile. Bounded everywhere: `size` threads, each running one job at a
// time; at most `maxQueue` jobs waiting (more are refused at once: PoolBusyError, never a queue
// that grows with the load); a job running longer than `timeoutMs` has its thread ended.
// Threads start on the first job and are started again after a crash or a timeout.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The queue is full: the caller answers "busy, retry shortly". */
export class PoolBusyError extends Error {
  override name = 'PoolBusyError';
}
/** A job ran longer than the pool allows; its thread was ended. */
export class PoolTimeoutError extends Error {
  override name = 'PoolTimeoutError';
}
/** The pool was closed (the server is stopping) before the job ran. */
export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}
/** An error a job threw inside its thread, with the thread's name and message. */
export class WorkerJobError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

/** One thread fewer than the machine has (the request thread keeps one), from 1 to 4. */
export const defaultPoolSize = (): number => Math.max(1, Math.min(availableParallelism() - 1, 4));

export interface WorkerPoolOptions {
  /** The worker's module: a .ts file from source (tsx is registered in the thread), else .js. */
  entry: URL;
  size: number;
  maxQueue: number;
  timeoutMs: number;
}

interface Task<J> {
  id: number;
  job: J;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot<J> {
  worker: Worker | null;
  task: Task<J> | null;
  timer: NodeJS.Timeout | null;
}

type Answer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

function startThread(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  // From source (`npm start` runs under tsx, the tests under vitest): the thread registers tsx's
  // loader before it imports the entry (Node 20 does not apply a parent's --import to a worker's
  // entry module).
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`,
    { eval: true },
  );
}

export function createWorkerPool<J>(options: WorkerPoolOptions) {
  const size = Math.max(1, Math.floor(options.size));
  const slots: Slot<J>[] = Array.from({ length: size }, () => ({
    worker: null,
    task: null,
    timer: null,
  }));
  const queue: Task<J>[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (slot: Slot<J>): Task<J> | null => {
    const { task } = slot;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker?.unref();
    return task;
  };

  /** Ends a slot's thread (a crash, a timeout): its job fails, the next job starts a new thread. */
  const discard = (slot: Slot<J>, worker: Worker, error: Error): void => {
    if (slot.worker !== worker) return;
    slot.worker = null;
    finish(slot)?.reject(error);
    void worker.terminate();
    dispatch();
  };

  const threadFor = (slot: Slot<J>): Worker => {
    if (slot.worker) return slot.worker;
    const worker = startThread(options.entry);
    worker.on('message', (answer: Answer) => {
      if (slot.worker !== worker || slot.task?.id !== answer.id) return;
      const task = finish(slot);
      if (answer.ok) task?.resolve(answer.result);
      else task?.reject(new WorkerJobError(answer.error.name, answer.error.message));
      dispatch();
    });
    worker.on('error', (error) => discard(slot, worker, error));
    worker.on('exit', (code) =>
      discard(slot, worker, new Error(`a worker thread stopped (exit code ${code})`)),
    );
    slot.worker = worker;
    return worker;
  };

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.task || !queue.length) continue;
      const task = queue.shift();
      if (!task) return;
      const worker = threadFor(slot);
      slot.task = task;
      slot.timer = setTimeout(
        () =>
          discard(
            slot,
            worker,
            new PoolTimeoutError(`a job ran longer than ${options.timeoutMs} ms`),
          ),
        options.timeoutMs,
      );
      worker.ref();
      worker.postMessage({ id: task.id, job: task.job });
    }
  }

  return {
    size,
    maxQueue: options.maxQueue,

    /** Runs a job on a thread; refused at once (PoolBusyError) when `maxQueue` jobs wait. */
    run<R>(job: J): Promise<R> {
      if (closed) return Promise.reject(new PoolClosedError('the worker pool is closed'));
      if (queue.length >= options.maxQueue && slots.every((s) => s.task))
        return Promise.reject(
          new PoolBusyError(`${size} jobs run and ${queue.length} wait; retry shortly`),
        );
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve: resolve as (r: unknown) => void, reject });
        dispatch();
      });
    },

    /** Jobs running and waiting now. */
    load(): { running: number; queued: number } {
      return { running: slots.filter((s) => s.task).length, queued: queue.length };
    },

    /** Ends every thread; jobs still waiting or running fail with PoolClosedError. */
    async close(): Promise<void> {
      closed = true;
      const gone = new PoolClosedError('the worker pool is closed');
      for (const task of queue.splice(0)) task.reject(gone);
      await Promise.all(
        slots.map(async (slot) => {
          const { worker } = slot;
          slot.worker = null;
          finish(slot)?.reject(gone);
          if (worker) await worker.terminate();
        }),
      );
    },
  };
}
export type WorkerPool<J> = ReturnType<typeof createWorkerPool<J>>;

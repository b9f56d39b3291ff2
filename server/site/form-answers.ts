import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PublishedVersion } from '../../src/content/published.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import type {
  AnswerJob,
  AnswerReply,
  AnswerRequest,
} from './render/render-form-answer-contract.ts';

/**
 * The pages that answer a form sent without JavaScript (server/intake/), made with the build's own
 * steps by a renderer (render/render-form-answer.ts, bundled beside the server as
 * render-form-answer.js) in one long-lived worker thread: the form's page with the posted values
 * and messages, or its confirmation, in the version the caller gives (the live one), sent with
 * each page asked for. The worker is made again when it stopped, or after a render that hung.
 */
export interface FormAnswers {
  /** The page's whole HTML document; undefined when it cannot be made (the caller has its own). */
  render(
    posted: PostedForm,
    language: 'en' | 'es',
    published: PublishedVersion,
  ): Promise<string | undefined>;
  /** Stops the worker. */
  close?(): Promise<void>;
}

export interface FormAnswerOptions {
  /** The renderer's bundle (default: beside the server's); its folder's parent is BUILD_DIR. */
  renderer?: string;
  /**
   * A render that takes longer is given up (the caller answers its own page): default 5 s; a new
   * worker's first, which also loads the pages' code, may take three times as long.
   */
  timeoutMs?: number;
  log?: { warn(fields: object, message: string): void };
}

/** Where the renderer is: beside the server's own bundle (build/server/render-form-answer.js). */
export function defaultFormAnswerRenderer(): string {
  return fileURLToPath(new URL('./render-form-answer.js', import.meta.url));
}

/** A render that did not answer: `broken` when the worker hung or stopped (it is made again). */
class AnswerFailed extends Error {
  constructor(
    message: string,
    readonly broken: boolean,
  ) {
    super(message);
  }
}

/** Posts one request to `worker` and waits for its answer, at most `timeoutMs`. */
function ask(worker: Worker, request: AnswerRequest, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new AnswerFailed('timed out', true));
    }, timeoutMs);
    const onMessage = (reply: AnswerReply) => {
      if (reply.id !== request.id) return;
      done();
      if ('html' in reply) resolve(reply.html);
      else reject(new AnswerFailed('render failed', false));
    };
    const onExit = (code: number) => {
      done();
      reject(new AnswerFailed(`stopped (exit code ${code})`, true));
    };
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}

export function formAnswerRenderer(options: FormAnswerOptions): FormAnswers {
  const renderer = options.renderer ?? defaultFormAnswerRenderer();
  const buildDir = path.dirname(path.dirname(renderer));
  const timeoutMs = options.timeoutMs ?? 5000;
  let current: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 0;

  const stop = async () => {
    const worker = current;
    current = undefined;
    await worker?.terminate();
  };

  /** The worker, made (again) when there is none. */
  function worker(): { worker: Worker; fresh: boolean } {
    if (current) return { worker: current, fresh: false };
    const worker = new Worker(renderer, {
      workerData: { buildDir } satisfies AnswerJob,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    // An uncaught error ends the worker ('exit' follows): the next request makes a new one.
    worker.on('error', (error) => options.log?.warn({ error: error.name }, 'answer worker failed'));
    worker.on('exit', () => {
      if (current === worker) current = undefined;
    });
    current = worker;
    return { worker, fresh: true };
  }

  async function render(posted: PostedForm, language: 'en' | 'es', published: PublishedVersion) {
    if (!existsSync(renderer)) return undefined;
    try {
      const { worker: thread, fresh } = worker();
      const limit = fresh ? timeoutMs * 3 : timeoutMs;
      return await ask(thread, { id: ++nextId, posted, language, published }, limit);
    } catch (error) {
      // Only what happened: the worker's own message may quote what the visitor wrote.
      const failed = error instanceof AnswerFailed ? error.message : (error as Error).name;
      options.log?.warn({ form: posted.form, failed }, 'no answer page');
      // A worker that hung or stopped is not asked again.
      if (error instanceof AnswerFailed && error.broken) await stop();
      return undefined;
    }
  }

  return {
    /** One render at a time: each waits for the one before it. */
    render(posted, language, published) {
      const run = queue.then(() => render(posted, language, published));
      queue = run.catch(() => undefined);
      return run;
    },
    close: stop,
  };
}

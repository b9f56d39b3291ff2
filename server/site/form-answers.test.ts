import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PostedForm } from '../../src/forms/posted.ts';
import { formAnswerRenderer, type FormAnswers } from './form-answers.ts';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';
import { parsePhone } from '../../src/content/site-fields.ts';
import { runtimeContent } from './site-content.ts';

/**
 * The worker's keeper, with a stand-in for the renderer: it answers what it was started with (its
 * content, its thread), hangs, stops or fails on request. The real renderer
 * (render/render-form-answer.ts) is driven by the browser tests.
 */
const STAND_IN = `
import { parentPort, threadId, workerData } from 'node:worker_threads';
parentPort.on('message', (request) => {
  const mode = request.posted.values.mode;
  if (mode === 'hang') return;
  if (mode === 'stop') process.exit(3);
  if (mode === 'fail') return parentPort.postMessage({ id: request.id, error: 'Error' });
  const { buildDir } = workerData;
  parentPort.postMessage({
    id: request.id,
    html: JSON.stringify({ content: request.published, buildDir, threadId, language: request.language }),
  });
});
`;

let dir: string;
let answers: FormAnswers;
/** Each version's fields: another office phone. */
const fieldsOf = (version: number) => ({
  'business/phones.office': parsePhone(`202-555-23${String(version).padStart(2, '0')}`),
});

function posted(mode = 'answer'): PostedForm {
  return { form: 'quote', sent: false, values: { mode }, errors: {} };
}

async function rendered(
  mode?: string,
  language: 'en' | 'es' = 'en',
  published: PublishedVersion = NOTHING_PUBLISHED,
) {
  const html = await answers.render(posted(mode), language, published);
  return html === undefined
    ? undefined
    : (JSON.parse(html) as {
        content: object;
        buildDir: string;
        threadId: number;
        language: string;
      });
}

function renderer(options: { timeoutMs?: number; file?: string } = {}) {
  answers = formAnswerRenderer({
    renderer: options.file ?? path.join(dir, 'server', 'render-form-answer.mjs'),
    timeoutMs: options.timeoutMs ?? 5000,
  });
  return answers;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'form-answers-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server', 'render-form-answer.mjs'), STAND_IN);
});

afterEach(async () => {
  await answers?.close?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('the answer pages’ worker', () => {
  it('renders in one worker, each page in the version it is given, the build beside it', async () => {
    renderer();
    const first = await rendered();
    expect(first).toMatchObject({ content: NOTHING_PUBLISHED, buildDir: dir, language: 'en' });
    expect((await rendered(undefined, 'es'))?.threadId).toBe(first?.threadId);

    const version = runtimeContent(fieldsOf(2), 2);
    const second = await rendered(undefined, 'en', version);
    expect(second?.threadId).toBe(first?.threadId);
    expect(second?.content).toEqual(version);
    expect(second?.content).toHaveProperty('facts');
  });

  it('gives up a render that hangs or a worker that stops, and starts a new one next time', async () => {
    renderer({ timeoutMs: 300 });
    const first = await rendered();
    expect(await rendered('hang')).toBeUndefined();
    const afterHang = await rendered();
    expect(afterHang?.threadId).not.toBe(first?.threadId);

    expect(await rendered('stop')).toBeUndefined();
    const afterStop = await rendered();
    expect(afterStop?.threadId).not.toBe(afterHang?.threadId);

    // A render that failed leaves a sound worker in place.
    expect(await rendered('fail')).toBeUndefined();
    expect((await rendered())?.threadId).toBe(afterStop?.threadId);
  });

  it('renders one at a time, each answered its own', async () => {
    renderer();
    const all = await Promise.all(
      (['en', 'es', 'en', 'es'] as const).map((language) => rendered(undefined, language)),
    );
    expect(all.map((answer) => answer?.language)).toEqual(['en', 'es', 'en', 'es']);
  });

  it('has no page without a build', async () => {
    renderer({ file: path.join(dir, 'nothing', 'render-form-answer.js') });
    expect(await rendered()).toBeUndefined();
  });
});

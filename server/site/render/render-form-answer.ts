// The receiver's answer to a form sent without JavaScript (server/site/form-answers.ts): the form's
// page with the posted values and messages, or its confirmation, as a whole document, in a
// long-lived worker thread of the server (bundled into BUILD_DIR/server/render-form-answer.js),
// each drawn in the version its request carries (the live one), passed on to every step.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import {
  NOTHING_PUBLISHED,
  publishedVersion,
  type PublishedVersion,
} from '../../../src/content/published.ts';
import {
  answerDocument,
  type DocumentTemplate,
  type ServerEntry,
} from '../../../scripts/build/documents.ts';
import type { AnswerJob, AnswerReply, AnswerRequest } from './render-form-answer-contract.ts';
import { siteHeadTags } from '../../../scripts/build/site-head.ts';

const job = workerData as AnswerJob;

interface LanguagePages {
  template: DocumentTemplate;
  entry: ServerEntry;
}

const loaded = new Map<string, Promise<LanguagePages>>();

/** A language's document and server entry (BUILD_DIR/prerender-<language>/), loaded once. */
function pagesOf(language: 'en' | 'es'): Promise<LanguagePages> {
  let pages = loaded.get(language);
  if (!pages) {
    const folder = path.join(job.buildDir, `prerender-${language}`);
    pages = Promise.all([
      readFile(path.join(folder, 'document.json'), 'utf8'),
      import(pathToFileURL(path.join(folder, 'entry-server.js')).href),
    ]).then(([template, entry]) => ({
      template: JSON.parse(template) as DocumentTemplate,
      entry: entry as ServerEntry,
    }));
    loaded.set(language, pages);
    // A failed load is tried again with the next request.
    pages.catch(() => loaded.delete(language));
  }
  return pages;
}

let last: PublishedVersion = NOTHING_PUBLISHED;

/**
 * A request's version, from the structured clone the keeper sent: the one before while the number
 * is the same, so that its content is made once (src/content/published.ts contentOf), not per page.
 */
function versionOf(sent: PublishedVersion): PublishedVersion {
  if (sent.version === null || sent.version !== last.version) last = publishedVersion(sent);
  return last;
}

async function answer(request: AnswerRequest): Promise<string> {
  const { posted, language } = request;
  const published = versionOf(request.published);
  const { template, entry } = await pagesOf(language);
  const page = await entry.renderFormAnswer(posted, published);
  return answerDocument(template, page, page.path, (routeMarker) =>
    siteHeadTags(published, language, routeMarker, { path: page.path, title: page.title }),
  );
}

// Both languages' code is loaded at once, so that the first answer does not wait for it.
for (const language of ['en', 'es'] as const) void pagesOf(language).catch(() => undefined);

parentPort?.on('message', (request: AnswerRequest) => {
  answer(request).then(
    (html) => parentPort?.postMessage({ id: request.id, html } satisfies AnswerReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.name : 'Error',
      } satisfies AnswerReply),
  );
});

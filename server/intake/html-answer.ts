/**
 * The answer to a form sent without JavaScript: an HTML page in the form's language, the site's
 * own (FormAnswers: ../site/form-answers.ts) or, without one, a plain page made here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublishedVersion } from '../../src/content/published.ts';
import { routes, staticHref } from '../../src/content/routes.ts';
import { ui as esUi } from '../../src/content/es/site.ts';
import { siteContent } from '../../src/content/site-content.ts';
import { ui } from '../../src/content/site.ts';
import { escapeHtml } from '../../src/escape-html.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import type { FormAnswers } from '../site/form-answers.ts';
import type { PageLanguage } from './form-messages.ts';

/** A page's words: its language's content as `published` has it. */
function wordsOf(lang: PageLanguage, published: PublishedVersion) {
  const content = siteContent(published, lang);
  return {
    ...content,
    ui: lang === 'es' ? esUi : ui,
    quote: content.quoteForm,
    application: content.applicationForm,
  };
}

/** What the page says: the confirmation, or the messages and the way back to the form. */
function fallbackBody(posted: PostedForm, text: ReturnType<typeof wordsOf>): string {
  const home = text.language.documentPath;
  if (posted.sent) {
    const { heading, message } = text[posted.form].confirmation;
    return [
      `<h1>${escapeHtml(heading)}</h1>`,
      `<p>${escapeHtml(message)}</p>`,
      `<p><a href="${escapeHtml(home)}">${escapeHtml(text.ui.backToHome)}</a></p>`,
    ].join('\n');
  }
  const page = text.pages[posted.form];
  const formPage = staticHref(home, routes[posted.form].path);
  const messages = Object.values(posted.errors).map((message) => `<li>${escapeHtml(message)}</li>`);
  return [
    `<h1>${escapeHtml(page.heading)}</h1>`,
    `<h2>${escapeHtml(text.formText.errorSummaryTitle)}</h2>`,
    `<p>${escapeHtml(text.formText.errorSummaryIntro)}</p>`,
    `<ul>\n${messages.join('\n')}\n</ul>`,
    `<p><a href="${escapeHtml(formPage)}">${escapeHtml(page.title)}</a></p>`,
  ].join('\n');
}

/** A plain page, when the site's renderer is missing or failed: every word from the visitor escaped. */
export function fallbackPage(
  posted: PostedForm,
  lang: PageLanguage,
  published: PublishedVersion,
): string {
  const text = wordsOf(lang, published);
  const title = `${text.pages[posted.form].title} | ${text.company.name}`;
  return [
    '<!doctype html>',
    `<html lang="${text.language.code}">`,
    '<head>',
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="robots" content="noindex" />',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    '<main>',
    fallbackBody(posted, text),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Answers `status` with the page of `posted`: the site's (`answers`), else the plain one. A
 * renderer that throws is the plain page too, never a 5xx.
 */
export async function sendAnswerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: {
    posted: PostedForm;
    language: PageLanguage;
    answers: FormAnswers | undefined;
    published: PublishedVersion;
  },
): Promise<FastifyReply> {
  let html: string | undefined;
  try {
    html = await page.answers?.render(page.posted, page.language, page.published);
  } catch (error) {
    request.log.warn(
      { form: page.posted.form, error: (error as Error).name },
      'answer page failed',
    );
  }
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html ?? fallbackPage(page.posted, page.language, page.published));
}

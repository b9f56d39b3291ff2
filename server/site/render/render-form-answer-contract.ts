/**
 * What the server (../form-answers.ts) and the worker that answers a form sent without JavaScript
 * (render-form-answer.ts) say to each other: the worker is started with the build, then asked for
 * one page at a time, each with the version to draw it in.
 */
import type { PublishedVersion } from '../../../src/content/published.ts';
import type { PostedForm } from '../../../src/forms/posted.ts';
import type { RenderJob } from './render-site-contract.ts';

/** The build (its SSR entries), as the publish's worker is started with. */
export type AnswerJob = Pick<RenderJob, 'buildDir'>;

/** A page asked for: the form as posted, in the page's language, in the version given. */
export interface AnswerRequest {
  id: number;
  posted: PostedForm;
  language: 'en' | 'es';
  published: PublishedVersion;
}

/** The page's whole document, or the name of the error that stopped it. */
export type AnswerReply = { id: number; html: string } | { id: number; error: string };

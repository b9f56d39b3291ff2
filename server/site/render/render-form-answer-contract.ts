/**
 * What the server (../form-answers.ts) and the worker that answers a form sent without JavaScript
 * (render-form-answer.ts) say to each other: the worker is started as the publish's is, then asked
 * for one page at a time.
 */
import type { PostedForm } from '../../../src/forms/posted.ts';
import type { RenderJob } from './render-site-contract.ts';

/** The build and the live version's content, as the publish's worker is started with. */
export type AnswerJob = RenderJob;

/** A page asked for: the form as posted, in the page's language. */
export interface AnswerRequest {
  id: number;
  posted: PostedForm;
  language: 'en' | 'es';
}

/** The page's whole document, or the name of the error that stopped it. */
export type AnswerReply = { id: number; html: string } | { id: number; error: string };

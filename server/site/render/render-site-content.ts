// The first module each render worker loads: it puts the content it was started with where
// src/content/published.ts reads it, before any content module is evaluated.
import { workerData } from 'node:worker_threads';
import type { RenderJob } from './render-site-contract.ts';

if (workerData) globalThis.__SITE_CONTENT__ = (workerData as RenderJob).content;

import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { securityHeaders } from './security-headers.ts';

export interface AppOptions {
  /** The built site (vite's outDir). */
  distDir: string;
  /** Extra origins the forms may post to (CSP connect-src). */
  connectSources?: readonly string[];
  logger?: boolean;
}

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 32 * 1024,
    trustProxy: true,
  });
  const headers = securityHeaders(options.connectSources);

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  app.get('/healthz', async () => ({ ok: true }));

  if (existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.distDir),
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          HASHED_ASSET.test(filePath.replaceAll('\\', '/'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  return app;
}

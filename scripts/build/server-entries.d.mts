// Types of server-entries.mjs, for the test of scripts/run/server-bundle.mjs.
import type { BuildOptions } from 'esbuild';

export declare const serverBundle: BuildOptions & { entryPoints: Record<string, string> };

// Types of local-server.mjs, for playwright.config.ts.
export declare const chromiumPath: string | undefined;
export declare const testChromiumPath: string | undefined;
export declare const chromiumArgs: string[];
export declare function startBuiltServer(options: {
  port: number;
  dataDir: string;
}): Promise<{ origin: string; stop(): void }>;
export function routeUrl(origin: string, route: string, query?: string): string;

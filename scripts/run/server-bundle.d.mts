// Types of server-bundle.mjs, for its test and the receiver's test harness.
export declare function loadDotEnv(file?: string): void;
export declare function importServerBundle(name: string): Promise<Record<string, unknown>>;
export declare function bundleServerIfStale(files: readonly string[]): number;
export declare const bundleSources: readonly string[];

// Types of server-bundle.mjs, for its test.
export declare function loadDotEnv(file?: string): void;
export declare function importServerBundle(name: string): Promise<Record<string, unknown>>;

/** Given by the build (scripts/build/service-worker.ts): the shell's files under /admin/, and their version. */
declare const __SHELL_FILES__: readonly string[];
declare const __SHELL_VERSION__: string;

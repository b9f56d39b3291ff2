/**
 * A browser module of src/ as one self-contained script: bundled, minified, an IIFE, with nothing
 * it would fetch. Written inline (`<script>`), the server's CSP allows it by its hash
 * (server/http/inline-scripts.ts). `define` replaces global names with JSON values.
 */
export async function inlineScript(
  entry: string,
  define: Record<string, unknown> = {},
): Promise<string> {
  // Loaded here, not at the top: the head's tags are also read by tests in a browser-like realm.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      // Not a Vite build: no `import.meta.env` (src/content/routes.ts reads whether it is one).
      'import.meta.env': 'undefined',
      ...Object.fromEntries(
        Object.entries(define).map(([name, value]) => [name, JSON.stringify(value)]),
      ),
    },
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (!code || /<\/script|<!--/i.test(code)) {
    throw new Error(`${entry} cannot be written inline: it is empty or could end its element`);
  }
  return code;
}

// Whether build outputs are missing or older than their sources (for `npm start` and the CLI).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

export function isStale(outputs, sources) {
  const builtAt = Math.min(
    ...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  return builtAt < Math.max(...sources.map(newestMtime));
}

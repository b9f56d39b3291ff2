/** Writes a .br and a .gz twin beside every text file under `dir`; returns the total sizes. */
export function compressSite(dir: string): { before: number; after: number };

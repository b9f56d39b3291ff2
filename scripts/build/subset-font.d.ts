/** subset-font (harfbuzz in WebAssembly) ships no types: the part scripts/build/site-fonts.ts uses. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
    /** An axis pinned to a value, or narrowed to a range. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(
    original: Buffer,
    text: string,
    options?: SubsetOptions,
  ): Promise<Buffer>;
}

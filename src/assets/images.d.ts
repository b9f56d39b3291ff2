/**
 * Responsive images that vite-imagetools makes at build time from an import such as
 * `hero.svg?w=640;1280&format=avif;webp&as=picture` (see vite.config.ts).
 */
declare module '*&as=picture' {
  const picture: {
    /** srcset per format, e.g. { avif: 'a-640.avif 640w, …', webp: '…' }. */
    sources: Record<string, string>;
    /** The fallback: the largest image of the last format, with its intrinsic size. */
    img: { src: string; w: number; h: number };
  };
  export default picture;
}

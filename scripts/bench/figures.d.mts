// Types of figures.mjs, for the benchmarks in TypeScript and its test.
export declare const FIGURES_FILE: string;
export declare function replaceSection(markdown: string, name: string, body: string): string;
export declare function machine(): string;
export interface FiguresSection {
  title: string;
  command: string;
  lines: readonly string[];
  date?: Date;
  on?: string;
}
export declare function figuresSection(section: FiguresSection): string;
export declare function writeFigures(name: string, section: FiguresSection, file?: string): void;
export declare function commandLine(script: string): string;
export declare function recordFigures<T>(
  name: string,
  section: { title: string; command: string },
  measure: () => Promise<T>,
  file?: string,
): Promise<T>;

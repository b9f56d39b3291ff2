// How the benchmarks print a table's line, as docs/figures.md keeps it: a label padded on the right
// to its column, then each figure right-aligned in its own, one space apart.
import { percentile } from '../../server/testing/receiver-harness.ts';

/** A cell: its text, and the width of its column. */
export type Cell = readonly [text: string | number, width: number];

/** One line of a table: the label on the left of its column (none: figures only), the figures on the right of theirs. */
export function tableLine(label: Cell | undefined, ...figures: readonly Cell[]): string {
  return [
    ...(label ? [String(label[0]).padEnd(label[1])] : []),
    ...figures.map(([text, width]) => String(text).padStart(width)),
  ].join(' ');
}

/** Times in ms as cells `width` wide: the percentiles `at` (p50 and p99 unless told), then the slowest. */
export function msCells(
  ms: readonly number[],
  width: number,
  { at = [50, 99], digits = 1, slowest = true } = {},
): Cell[] {
  const values = [...at.map((p) => percentile(ms, p)), ...(slowest ? [Math.max(...ms)] : [])];
  return values.map((value) => [value.toFixed(digits), width]);
}

/**
 * `value` with `replacement` at `path` (keys and list indexes), copied along the path: `value`
 * itself never changes. A list index that is not there leaves the value as it is. A key the object
 * lacks is added (`'add'`: an edit of the site editor's working copy); with `'keep'` (the owner's
 * published fields over the code's content) it is added only as the path's last key, into an
 * object the code has: an optional field the code leaves unset (a social link's `href`) is the
 * owner's to set, while a path through something the code lacks (a field of a renamed part)
 * leaves the value as it is.
 */
export function withValueAt(
  value: unknown,
  path: readonly string[],
  replacement: unknown,
  missing: 'add' | 'keep',
): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value;
    const copy = [...(value as unknown[])];
    copy[index] = withValueAt(copy[index], rest, replacement, missing);
    return copy;
  }
  const isObject = typeof value === 'object' && value !== null;
  const optionalLeaf = isObject && rest.length === 0;
  if (missing === 'keep' && (!isObject || !(key in value)) && !optionalLeaf) return value;
  const record = isObject ? (value as Record<string, unknown>) : {};
  return { ...record, [key]: withValueAt(record[key], rest, replacement, missing) };
}

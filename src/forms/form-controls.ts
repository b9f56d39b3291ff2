/** Fields no draft holds: the spam trap and the page's language (a file or hidden field neither). */
const NOT_KEPT = new Set(['_gotcha', '_language']);

/**
 * What a form's controls hold, read from the page (no React): each field's text, or for a group of
 * boxes the list of those ticked, in the shape of src/forms/draft.ts. The page's first script keeps
 * it as the draft until React runs the form (src/enhance.ts); React then takes the values typed in
 * the HTML from it (components/form/field-context.ts).
 */
export function controlValues(form: HTMLFormElement): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const control of Array.from(form.elements) as HTMLInputElement[]) {
    const { name, type } = control;
    if (!name || NOT_KEPT.has(name) || type === 'file' || type === 'hidden') continue;
    if (type === 'checkbox') {
      const ticked = [values[name] ?? []].flat();
      values[name] = control.checked ? [...ticked, control.value] : ticked;
    } else if (type === 'radio') {
      if (control.checked || !(name in values)) values[name] = control.checked ? control.value : '';
    } else values[name] = control.value;
  }
  return values;
}

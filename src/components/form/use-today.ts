import { useSyncExternalStore } from 'react';
import { localIsoDate } from '../../forms/dates';

const unchanging = () => () => {};

/**
 * Today on the visitor's clock (`2026-11-25`), for a date field's bounds. The HTML, built on
 * another day, has none (the receiver checks dates too); React sets it once it runs the form.
 */
export function useToday(): string | undefined {
  return useSyncExternalStore(unchanging, localIsoDate, () => undefined);
}

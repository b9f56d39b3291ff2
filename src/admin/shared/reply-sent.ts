/**
 * What the composer tells the submission's page when it goes back after Send: the address the
 * reply is on its way to, in the navigation's state (so a reload does not say it again).
 */
export interface ReplySentState {
  replySentTo: string;
}

export function replySentState(to: string): ReplySentState {
  return { replySentTo: to };
}

/** The address a reply was just sent to, if the page was reached from the composer's Send. */
export function replySentTo(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('replySentTo' in state)) return undefined;
  const { replySentTo } = state;
  return typeof replySentTo === 'string' ? replySentTo : undefined;
}

// A gate in front of scrypt, for tests that assert the order of password checks, not their time:
// while it is closed, each call is held (with its password noted) until the gate opens again.
import type * as crypto from 'node:crypto';

type Scrypt = typeof crypto.scrypt;

export interface ScryptGate {
  /** The password of each scrypt call, in the order the calls started. */
  readonly started: string[];
  /** The calls held while the gate is closed; calling one lets it run. */
  readonly held: (() => void)[];
  close(): void;
  /** Opens the gate and lets every held call run. */
  open(): void;
}

/**
 * Puts the gate in front of `mocked` (the test file's `vi.mock`ed `crypto.scrypt`); the calls it
 * lets through go to `real`. Open at first.
 */
export function scryptGate(mocked: { mockImplementation(fn: Scrypt): unknown }, real: Scrypt) {
  let open = true;
  const gate: ScryptGate = {
    started: [],
    held: [],
    close: () => {
      open = false;
    },
    open: () => {
      open = true;
      for (const go of gate.held.splice(0)) go();
    },
  };
  mocked.mockImplementation(((
    password: crypto.BinaryLike,
    salt: crypto.BinaryLike,
    keylen: number,
    options: crypto.ScryptOptions,
    callback: (error: Error | null, key: Buffer) => void,
  ) => {
    gate.started.push(String(password));
    const go = () => real(password, salt, keylen, options, callback);
    if (open) go();
    else gate.held.push(go);
  }) as Scrypt);
  return gate;
}

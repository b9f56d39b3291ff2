// Preloaded into a receiver by a browser test that needs tomorrow (NODE_OPTIONS=--import=…): each
// SIGUSR2 moves the process's clock (Date.now) one day on, and the new offset is then written to
// the file named by FAKE_CLOCK_ACK, so that the test waits for that, not for a guess. Nothing else of
// the receiver is touched; never loaded outside tests.
import { writeFileSync } from 'node:fs';

const DAY_MS = 24 * 60 * 60 * 1000;
const realNow = Date.now.bind(Date);
let offset = 0;

Date.now = () => realNow() + offset;
process.on('SIGUSR2', () => {
  offset += DAY_MS;
  if (process.env.FAKE_CLOCK_ACK) writeFileSync(process.env.FAKE_CLOCK_ACK, String(offset));
});

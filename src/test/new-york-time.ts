// Import first: runs the test file in a zone with daylight saving time (New York), set before the
// code under test loads, so that its date formats use it. 2026-03-08 is the day New York moves its
// clocks forward, a day of 23 hours: "the next midnight" is not always 24 hours later.
const originalZone = process.env.TZ;
process.env.TZ = 'America/New_York';

afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

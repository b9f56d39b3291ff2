// Preloaded into the receiver by server/testing/receiver-harness.ts (`node --import`): the moment a server
// in the process listens, it says so over the IPC channel, so that the harness waits for that
// event instead of polling the port. The receiver's own code is not touched.
import { tracingChannel } from 'node:diagnostics_channel';

tracingChannel('net.server.listen').subscribe({
  asyncEnd({ server }) {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : undefined;
    // Disconnected once sent: the channel must not keep the process alive or change how it exits.
    process.send?.({ listening: port }, () => process.disconnect?.());
  },
});

// A port nothing listens on now: the kernel's choice on loopback, released at once so a server
// started next can take it.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

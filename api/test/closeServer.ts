import type { Server } from 'node:http';

/** Stops a test server now: open keep-alive connections are cut instead of waited for. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

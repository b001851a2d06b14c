import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface SimulatorHandle {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 picks a free one). */
export async function listen(app: Express, port = 0): Promise<SimulatorHandle> {
  const server = await new Promise<Server>((resolve, reject) => {
    // Express 5 hands a bind error (EADDRINUSE) to this callback instead of throwing it.
    const s = app.listen(port, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

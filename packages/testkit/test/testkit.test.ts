import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { TcpProxy, waitFor } from '../src';

function echoServer(): Promise<{ port: number; close: () => void }> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => socket.pipe(socket));
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, close: () => server.close() }),
    );
  });
}

function roundTrip(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('ping'));
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.destroy();
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed')));
  });
}

describe('testkit', () => {
  it('TcpProxy passes traffic, refuses it while cut, and passes it again when restored', async () => {
    const echo = await echoServer();
    const proxy = new TcpProxy('127.0.0.1', echo.port);
    await proxy.start();
    expect(await roundTrip(proxy.port)).toBe('ping');
    proxy.cut();
    await expect(roundTrip(proxy.port)).rejects.toThrow();
    proxy.restore();
    expect(await roundTrip(proxy.port)).toBe('ping');
    await proxy.stop();
    echo.close();
  });

  it('waitFor resolves with the first truthy value and times out with the message', async () => {
    let n = 0;
    expect(await waitFor(() => (++n >= 3 ? n : 0), { intervalMs: 5 })).toBe(3);
    await expect(waitFor(() => false, { timeoutMs: 50, message: 'never' })).rejects.toThrow(
      /never within 50 ms/,
    );
  });
});

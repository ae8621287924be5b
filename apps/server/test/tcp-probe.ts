// A bare TCP listener that records the first bytes of every connection and hangs up: enough to see that a client
// (git/curl, ssh, node:https) reached this address, and what it sent first (TLS ClientHello with SNI, ssh banner).
import net, { type AddressInfo } from 'node:net';

export async function startTcpProbe(host: '127.0.0.1' | '::1') {
  const firstBytes: Buffer[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.once('data', (chunk: Buffer) => {
      firstBytes.push(chunk);
      socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    firstBytes,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

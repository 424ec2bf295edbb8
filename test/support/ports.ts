/** Loopback ports for the servers tests start, and listening on one without waiting for ever. */
import fs from 'node:fs';
import net from 'node:net';

/** The first port the kernel hands out to listen(0) and to outgoing connections (Linux's default where it cannot be read). */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port free now, for a server the caller starts soon after. Chosen below the kernel's
 * ephemeral range: one from listen(0) is one an outgoing connection (a pool's to Postgres, on a
 * busy run) may take first, and the server's listen then fails. And above 10080, the last of the
 * ports fetch refuses to connect to (the Fetch standard's "bad ports"): a server there answered
 * every test's fetch with "bad port".
 */
export async function freePort(): Promise<number> {
  const low = 10_081;
  const high = ephemeralLow();
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await bindable(port)) return port;
  }
}

/** Listens on `port`, failing (not waiting for ever) when it was taken after all. */
export function listenOn(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

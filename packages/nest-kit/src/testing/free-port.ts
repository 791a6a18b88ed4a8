import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port handed out: clear of the well-known and registered services a machine may run. */
const LOWEST = 10_000;

/**
 * The bottom of the kernel's ephemeral range, from which every `listen(0)` and every outgoing
 * connection takes its port (Linux's default when it cannot be read).
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low) return low;
  } catch {
    // Not Linux: its default.
  }
  return 32_768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 now, for a server a test starts as another process (and may start again
 * on the same port). Picked at random below the ephemeral range: a port from `listen(0)` would be back
 * in that range once this check closed it, where another test's `listen(0)` or an outgoing connection
 * could take it before the process binds it, and the process's readiness probe would then reach
 * another test's server.
 */
export async function freePort(): Promise<number> {
  const highest = Math.max(ephemeralLow(), LOWEST + 1_000) - 1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest} on 127.0.0.1 after 100 tries`);
}

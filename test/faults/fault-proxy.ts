/**
 * A TCP proxy the fault tests put between the service and Postgres, switched at will between the
 * ways a database goes away in production:
 *
 * - pass: bytes flow both ways.
 * - refuse: nothing listens (ECONNREFUSED); open connections are reset.
 * - reset: connections are reset, open ones at once and new ones as they arrive.
 * - blackhole: connections are accepted but no byte gets through, and nothing answers: what a
 *   dropped route or a frozen host looks like. Bytes are held, as TCP retransmits them, and
 *   delivered if the network heals while the connection is still open.
 * - slow: every chunk is delivered `slowMs` late.
 *
 * `proxiedDatabase` makes a fresh database on the server with the proxy in front of it.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../server/db/client';
import { freePort, listenOn } from '../support/ports';

export type FaultMode = 'pass' | 'refuse' | 'reset' | 'blackhole' | 'slow';

interface Link {
  client: net.Socket;
  upstream: net.Socket;
}

export class FaultProxy {
  private mode: FaultMode = 'pass';
  private readonly links = new Set<Link>();
  private server: net.Server | undefined;
  private healed: Promise<void> = Promise.resolve();
  private heal: () => void = () => {};
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly slowMs = 250,
  ) {}

  async listen(): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    // The same port again after a 'refuse': the service's pool still points at it.
    this.port ||= await freePort();
    await listenOn(server, this.port);
    this.server = server;
    return this.port;
  }

  async set(mode: FaultMode): Promise<void> {
    const was = this.mode;
    this.mode = mode;
    if (mode === 'blackhole' && was !== 'blackhole') this.healed = new Promise((resolve) => (this.heal = resolve));
    if (was === 'blackhole' && mode !== 'blackhole') this.heal();
    if (mode === 'refuse' || mode === 'reset') for (const link of this.links) this.cut(link);
    if (mode === 'refuse' && this.server) {
      const server = this.server;
      this.server = undefined;
      await new Promise((resolve) => server.close(resolve));
    }
    if (mode !== 'refuse' && !this.server) await this.listen();
  }

  async close(): Promise<void> {
    this.heal();
    for (const link of this.links) this.cut(link);
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private accept(client: net.Socket): void {
    if (this.mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    const link = { client, upstream };
    this.links.add(link);
    this.forward(client, upstream);
    this.forward(upstream, client);
    client.on('close', () => this.links.delete(link));
  }

  /**
   * Copies `from` to `to` in order, each chunk waiting for the network to carry it. When `from`
   * closes, `to` is ended after the last chunk, as TCP delivers data before the FIN: Postgres's
   * last words (a FATAL refusing the connection) must reach the client before the close does.
   */
  private forward(from: net.Socket, to: net.Socket): void {
    let carried = Promise.resolve();
    const carry = (step: () => Promise<void> | void) => {
      carried = carried.then(step);
    };
    from.on('data', (chunk) =>
      carry(async () => {
        while (this.mode === 'blackhole') await this.healed;
        if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
        if (!to.destroyed) to.write(chunk);
      }),
    );
    from.on('error', () => {});
    from.on('close', () => carry(() => void to.end()));
  }

  private cut({ client, upstream }: Link): void {
    if (!client.destroyed) client.resetAndDestroy();
    upstream.destroy();
  }
}

/** A fresh database on a Postgres server, reached directly and through a fault proxy. */
export interface ProxiedDatabase {
  name: string;
  /** The server's maintenance connection (ALTER DATABASE, pg_terminate_backend…). */
  admin: postgres.Sql;
  /** Straight to the database: set-up and checks, never faulted. */
  direct: Database;
  /** Through the proxy: what the service under test uses (migrated through `direct`). */
  service: Database;
  proxy: FaultProxy;
  /** Closes every connection and drops the database. */
  close(): Promise<void>;
}

export async function proxiedDatabase(serverUrl: string, { prefix, poolSize, slowMs }: { prefix: string; poolSize: number; slowMs?: number }): Promise<ProxiedDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const direct = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const proxy = new FaultProxy({ host: url.hostname, port: Number(url.port || 5432) }, slowMs);
  url.port = String(await proxy.listen());
  const service = await openDatabase({ databaseUrl: url.toString(), poolSize, migrate: false });
  return {
    name,
    admin,
    direct,
    service,
    proxy,
    async close() {
      await service.close();
      await proxy.close();
      await direct.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

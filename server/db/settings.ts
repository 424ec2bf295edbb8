/**
 * Service-wide settings kept in the database, so every instance agrees on them (e.g. the key that
 * signs search cursors: a cursor minted by one instance must verify on another).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serviceSettings } from './schema';

export class SettingsStore {
  private readonly secrets = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Db) {}

  /** A random 32-byte secret created once per database; the first instance to ask creates it. */
  secret(name: string): Promise<Buffer> {
    let value = this.secrets.get(name);
    if (!value) {
      value = this.loadOrCreate(name);
      value.catch(() => this.secrets.delete(name));
      this.secrets.set(name, value);
    }
    return value;
  }

  private async loadOrCreate(name: string): Promise<Buffer> {
    await this.db
      .insert(serviceSettings)
      .values({ key: name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(serviceSettings).where(eq(serviceSettings.key, name));
    return Buffer.from(row.value, 'base64url');
  }
}

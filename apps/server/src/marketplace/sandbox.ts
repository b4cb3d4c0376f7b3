import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { secretBox } from '../lib/secret-box.js';
import { ownPublicFile } from '../modules/files/public-link.js';
import { fetchPublic } from '../modules/files/remote-fetch.js';
import { fileStorage } from '../modules/files/storage.js';
import { loadSandboxState, saveSandboxState } from './sandbox-state.repository.js';
import { SpApiSimulator } from './simulator/sim-server.js';
import { SANDBOX_APP } from './simulator/sim-state.js';
import { createSpApiDeps } from './sp-api.deps.js';
import type { SpApiDeps } from './sp-api.http.js';

/**
 * The Amazon of sandbox shops (沙箱店铺): the loopback simulator run inside this server
 * process, started on first use. Its refresh tokens are signed with a key derived from the
 * console's secret key, so sandbox shops stay authorized when the server restarts; its
 * sellers, listings and orders are saved to PostgreSQL (`sandbox_state`) a moment after each
 * change and when the server closes, and put back when it starts again; feeds still being
 * processed are not kept (docs/shops.md "Sandbox shops").
 */
export interface Sandbox {
  sim: SpApiSimulator;
  /** SP-API parts for sandbox shops: LWA of the simulator, the shared PostgreSQL scheduler. */
  deps: SpApiDeps;
  /** The simulator's SP-API base of a region. */
  endpoint(region: SpApiRegion): string;
}

/** How long after a change the sandbox's state is saved (changes in between share one save). */
export const SANDBOX_SAVE_DELAY_MS = 2000;

/** Saves the simulator's state a moment after changes, one save at a time. */
function stateSaver(sim: SpApiSimulator, db: Database) {
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    saving = saving
      .then(() => saveSandboxState(db, sim.snapshot()))
      .catch((err: unknown) => console.error('sandbox state could not be saved', err));
    return saving;
  };
  return {
    touch() {
      timer ??= setTimeout(save, SANDBOX_SAVE_DELAY_MS);
      timer.unref();
    },
    /** Saves now (the server is closing), whatever changed since the last save. */
    async flush() {
      if (timer) clearTimeout(timer);
      await save();
    },
  };
}

const savers = new WeakMap<SpApiSimulator, ReturnType<typeof stateSaver>>();

/**
 * Orders per hour per marketplace that the sandbox's simulator makes for its listings (default
 * of SANDBOX_ORDERS_PER_HOUR): one every 5 minutes, so a new seller can try order processing
 * at once (docs/orders.md "Sandbox orders").
 */
export const SANDBOX_ORDERS_PER_HOUR = 12;

/** Seconds a sandbox order stays Pending (Amazon's payment authorization takes up to 30 minutes). */
export const SANDBOX_PENDING_SECONDS = 60;

/**
 * How the sandbox's own orders arrive: mostly seller-fulfilled, paid after a minute, and the
 * first one for a marketplace at the first read after it has a live listing, dated so that it is
 * paid just as it leaves Amazon's two-minute window (the next sync reads it, whatever its cursor).
 */
export const SANDBOX_ORDER_SETTINGS = {
  pendingSeconds: SANDBOX_PENDING_SECONDS,
  fbaShare: 0.1,
  firstOrderSeconds: -(120 + SANDBOX_PENDING_SECONDS),
} as const;

const running = new WeakMap<Config, Promise<Sandbox>>();

/** Image bytes by their magic numbers (JPEG, PNG, GIF, WebP). */
function looksLikeImage(b: Buffer): boolean {
  return (
    (b[0] === 0xff && b[1] === 0xd8) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    b.subarray(0, 4).toString('latin1') === 'GIF8' ||
    (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/** The sandbox of a configuration, started once. */
export function sandbox(config: Config, db: Database): Promise<Sandbox> {
  let s = running.get(config);
  if (!s) {
    s = (async () => {
      const refreshTokenKey = secretBox(config).derive('sandbox-amazon-refresh-tokens');
      const sim = await new SpApiSimulator({
        timeScale: config.spapi.timeScale,
        refreshTokenKey,
        // What Amazon checks of image links, without letting a user reach internal addresses.
        // The console's own files (signed public links on PUBLIC_URL or this server's loopback
        // address) are read from the file store: Amazon would fetch them over the internet, the
        // in-server sandbox needs no network for them (docs/shops.md "Sandbox shops").
        imageCheck: async (url) => {
          try {
            const own = ownPublicFile(config, url);
            if (own) {
              const data = own.key ? await fileStorage(config).read(own.key) : null;
              return data !== null && looksLikeImage(data);
            }
            return looksLikeImage(
              await fetchPublic(url, { maxBytes: 10 * 1024 * 1024, allowLoopback: config.fetchAllowLoopback }),
            );
          } catch {
            return false;
          }
        },
      }).listen();
      // Orders arrive by themselves for the sandbox's listings (docs/orders.md "Sandbox orders"),
      // by default the first one at once and then one every 5 minutes per marketplace.
      sim.orders.configure({
        ...SANDBOX_ORDER_SETTINGS,
        ratePerHour: config.spapi.sandboxOrdersPerHour ?? SANDBOX_ORDERS_PER_HOUR,
      });
      const saved = await loadSandboxState(db);
      if (saved) sim.restore(saved);
      const saver = stateSaver(sim, db);
      savers.set(sim, saver);
      sim.onActivity = () => saver.touch();
      const deps = createSpApiDeps(config.spapi, db, {
        credentials: { clientId: SANDBOX_APP.clientId, clientSecret: SANDBOX_APP.clientSecret },
        lwaUrl: sim.tokenUrl,
      });
      return { sim, deps, endpoint: (region: SpApiRegion) => sim.endpoint(region) };
    })();
    running.set(config, s);
    // A failed start is not cached: the next use tries again.
    s.catch(() => running.delete(config));
  }
  return s;
}

/** Stops the sandbox of a configuration if it runs (the server is closing). */
export async function closeSandbox(config: Config): Promise<void> {
  const s = running.get(config);
  if (!s) return;
  running.delete(config);
  const started = await s.catch(() => undefined);
  if (!started) return;
  await savers.get(started.sim)?.flush();
  await started.sim.close();
}

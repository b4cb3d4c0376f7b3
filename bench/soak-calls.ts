/**
 * The calls of the soak (`soak.ts`) and capacity (`capacity.ts`) benchmarks: what one simulated
 * staff member sends for each kind of work, and the weights of the soak's mix.
 */
import { type apiClient, type JsonAnswer, type Staff, soakGoods } from './soak-setup.js';

export type Api = ReturnType<typeof apiClient>;
/** A call of a staff member: sends what it needs and answers the envelopes it got. */
export type Action = (api: Api, s: Staff, round: number) => Promise<JsonAnswer[]>;

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** The mix: name, weight, call. */
export const ACTIONS: [string, number, Action][] = [
  [
    'goods list (GET productList)',
    25,
    async (api, s) => [await api.call('GET', '/PDD/amazon-user/productList?page=1&pageSize=20', { token: s.token })],
  ],
  [
    'goods edit + save (getProduct, insertGoods_v2)',
    15,
    async (api, s, round) => {
      const g = pick(s.goods);
      const loaded = await api.call<{ version: number }>('GET', `/PDD/amazon-user/getProduct?id=${g.id}`, {
        token: s.token,
      });
      if (loaded.status !== 200) return [loaded];
      const saved = await api.call<{ version: number }>('POST', '/PDD/amazon-user/insertGoods_v2', {
        token: s.token,
        body: { id: g.id, version: loaded.data.version, goodsData: soakGoods(g.sku, s.imageBase, round) },
      });
      if (saved.status === 200) g.version = saved.data.version;
      return [loaded, saved];
    },
  ],
  [
    'upload to the sandbox shop (upload/create)',
    5,
    async (api, s) => [
      await api.call('POST', '/PDD/upload/create', {
        token: s.token,
        body: { shop_id: s.shopId, marketplaces: ['de', 'fr', 'en'], upload_type: 'good', ids: [pick(s.goods).id] },
      }),
    ],
  ],
  [
    'order list (POST order/list)',
    25,
    async (api, s) => [
      await api.call('POST', '/PDD/order/list', {
        token: s.token,
        body: {
          page: 1 + Math.floor(Math.random() * 3),
          pageSize: 20,
          ...(Math.random() < 0.5 ? { status: 'Unshipped' } : {}),
        },
      }),
    ],
  ],
  [
    'order detail (POST order/detail)',
    20,
    async (api, s) => [await api.call('POST', '/PDD/order/detail', { token: s.token, body: { id: pick(s.orders) } })],
  ],
  [
    'finance overview (GET finance/overview)',
    10,
    async (api, s) => [await api.call('GET', '/PDD/finance/overview?days=30', { token: s.token })],
  ],
];

import path from 'node:path';
import type { Config } from '../../../config.js';
import { checkFileStorage } from '../../files/storage.js';
import { card, type StatusCard, settingAction } from './card.js';

/** How long one reachability check answers for (the S3 check reads and writes a probe object). */
export const STORAGE_CHECK_TTL_MS = 60_000;

const checks = new WeakMap<Config, { at: number; result: Promise<string | null> }>();

/** The start-up check of the storage, at most once a minute per configuration: null when reachable, else why not. */
export function storageProblem(config: Config, now = Date.now()): Promise<string | null> {
  const cached = checks.get(config);
  if (cached && now - cached.at < STORAGE_CHECK_TTL_MS) return cached.result;
  const result = checkFileStorage(config).then(
    () => null,
    (err: unknown) => (err instanceof Error ? err.message : String(err)),
  );
  checks.set(config, { at: now, result });
  return result;
}

/** 文件存储: where images and exports live (STORAGE=local|s3, docs/storage.md) and whether it is reachable now. */
export const storageCard: StatusCard = async (ctx) => {
  const c = ctx.deps.config;
  const s = c.storage;
  const details =
    s.kind === 'local'
      ? [{ label: '本地目录', value: path.join(c.dataDir, 'files') }]
      : [
          { label: '存储桶', value: `s3://${s.bucket}/${s.prefix}` },
          { label: '服务地址', value: s.endpoint ? new URL(s.endpoint).host : `AWS ${s.region}` },
        ];
  const problem = await storageProblem(c);
  const where = s.kind === 'local' ? '服务器本地目录' : 'S3 兼容对象存储';
  if (problem) {
    return card(ctx, {
      key: 'storage',
      title: '文件存储',
      // The check's own message names folders and buckets: the operator's detail only.
      details: [...details, { label: '检查结果', value: problem }],
      state: 'error',
      summary: `${where}当前无法读写:图片上传和导出会失败`,
      action: settingAction(ctx, s.kind === 'local' ? 'DATA_DIR' : 'STORAGE、S3_*'),
    });
  }
  return card(ctx, {
    key: 'storage',
    title: '文件存储',
    details,
    state: 'ok',
    summary: `图片和导出文件保存在${where},读写正常`,
    action: null,
  });
};

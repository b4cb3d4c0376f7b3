import fs from 'node:fs';
import path from 'node:path';
import { OPERA_LOG_ACTIONS, operaActionLabel } from '@console/shared/constants/opera-log';
import { describe, expect, it } from 'vitest';
import { describeOperaLog, hasSentence, type SentenceInput } from './opera-log.sentences.js';

const SRC = path.resolve(import.meta.dirname, '../..');

/** Every action code the server writes: quoted dotted codes on lines that set an audit `action`. */
function auditedCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        if (!text.includes('audit(')) continue;
        for (const line of text.split('\n')) {
          if (!/\baction\b/.test(line)) continue;
          for (const m of line.matchAll(/'([a-z]+(?:\.[A-Za-z]+)+)'/g)) codes.add(m[1]!);
        }
      }
    }
  };
  walk(SRC);
  return codes;
}

const input = (over: Partial<SentenceInput>): SentenceInput => ({
  action: 'goods.update',
  target_type: 'goods',
  target_id: '7',
  summary: {},
  actor: '张三',
  goods: (id) => (id === 7 ? { title: '收纳盒', sku: 'BOX-1' } : undefined),
  user: (id) => (id === 9 ? '李四' : undefined),
  ...over,
});

describe('operation log sentences', () => {
  it('every action code the server audits has a sentence and a name of its own', () => {
    const codes = auditedCodes();
    expect(codes.size).toBeGreaterThan(45);
    const missing = [...codes].filter((c) => !hasSentence(c) || !Object.hasOwn(OPERA_LOG_ACTIONS, c));
    expect(missing, 'add the code to OPERA_LOG_ACTIONS (shared) and SENTENCES (opera-log.sentences.ts)').toEqual([]);
  });

  it('names who did what to which product, by title and SKU', () => {
    expect(
      describeOperaLog(input({ summary: { after: { title: '收纳盒', sections: ['prices', 'parentage'] } } })),
    ).toBe('张三 修改了商品「收纳盒」(SKU BOX-1)(价格、变体)');
    expect(
      describeOperaLog(input({ action: 'goods.setStatus', summary: { after: { status: 'hasAudit', ids: [7] } } })),
    ).toBe('张三 把商品「收纳盒」(SKU BOX-1)的审核状态改为「已审核」');
    expect(
      describeOperaLog(
        input({ action: 'goods.recycle', target_id: '5 items', summary: { after: { count: 5, ids: [7, 8, 9] } } }),
      ),
    ).toBe('张三 把商品「收纳盒」(SKU BOX-1)、商品(ID 8,已不存在)、商品(ID 9,已不存在) 等5个商品放入了回收站');
    expect(
      describeOperaLog(input({ action: 'account.child.resetPassword', target_type: 'user', target_id: '9' })),
    ).toBe('张三 重置了子账号「李四」的密码');
    expect(describeOperaLog(input({ action: 'account.login', target_type: 'session', target_id: '80e91bd0' }))).toBe(
      '张三 登录了系统',
    );
    expect(
      describeOperaLog(input({ action: 'files.upload', target_type: 'file', target_id: '/PDD/files/t1/a.png' })),
    ).toBe('张三 上传了一张图片');
    expect(
      describeOperaLog(
        input({
          action: 'goods.ean.import',
          target_type: 'goods_ean',
          target_id: '0',
          summary: { after: { received: 5, added: 4 } },
        }),
      ),
    ).toBe('张三 导入了EAN码:收到5个,新增4个');
  });

  it('a product that is gone is named by what the row kept', () => {
    expect(
      describeOperaLog(input({ action: 'goods.create', target_id: '99', summary: { after: { title: '旧标题' } } })),
    ).toBe('张三 创建了商品「旧标题」(ID 99,已不存在)');
  });

  it('an unknown code still reads as a sentence', () => {
    expect(describeOperaLog(input({ action: 'order.sync', target_type: 'order', target_id: '1' }))).toBe(
      '张三 进行了一项操作(order.sync)',
    );
    expect(operaActionLabel('order.sync')).toBe('其他操作(order.sync)');
    expect(operaActionLabel('goods.update')).toBe('修改商品');
  });

  it('odd summaries never throw', () => {
    for (const action of Object.keys(OPERA_LOG_ACTIONS)) {
      for (const summary of [{}, { before: null, after: null }, { before: [1], after: 'x' }]) {
        expect(typeof describeOperaLog(input({ action, summary, target_id: 'a:b' }))).toBe('string');
      }
    }
  });
});

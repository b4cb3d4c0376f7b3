import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerModules } from './server-module.js';

describe('server modules', () => {
  it('every folder under modules/ is a module, found by its <name>.module.ts', async () => {
    const modules = await loadServerModules();
    expect(modules.map((m) => m.name)).toEqual(['account', 'files', 'goods', 'goods-library', 'system', 'translate']);
    expect(modules.every((m) => m.routes.length > 0)).toBe(true);
  });

  it('a folder without its module file is refused by name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mods-'));
    fs.mkdirSync(path.join(dir, 'orders'));
    await expect(loadServerModules(dir)).rejects.toThrow(/orders has no orders.module.ts/);
    fs.rmSync(dir, { recursive: true });
  });
});

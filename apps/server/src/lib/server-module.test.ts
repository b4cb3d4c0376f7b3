import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerModules, MODULES_DIR } from './server-module.js';

describe('server modules', () => {
  it('every folder under modules/ is a module, found by its <name>.module.ts', async () => {
    const modules = await loadServerModules();
    const folders = fs
      .readdirSync(MODULES_DIR)
      .filter((f) => fs.statSync(path.join(MODULES_DIR, f)).isDirectory())
      .sort();
    expect(modules.map((m) => m.name)).toEqual(folders);
    expect(folders).toEqual(expect.arrayContaining(['account', 'goods', 'goods-library', 'translate']));
    expect(modules.every((m) => m.routes.length > 0)).toBe(true);
  });

  it('a folder without its module file is refused by name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mods-'));
    fs.mkdirSync(path.join(dir, 'orders'));
    await expect(loadServerModules(dir)).rejects.toThrow(/orders has no orders.module.ts/);
    fs.rmSync(dir, { recursive: true });
  });
});

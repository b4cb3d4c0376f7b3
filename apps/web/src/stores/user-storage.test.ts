import { describe, expect, it } from 'vitest';
import { type KeyValueStore, readUserSettings, userStorageKey, writeUserSettings } from './user-storage';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('per-user storage', () => {
  it('keys carry the product key, version 1.0.1 and the uid', () => {
    expect(userStorageKey(12)).toBe('dqzs-1.0.1-user-12');
  });

  it('defaults for a new user: line theme, transition off, default size, expanded menu', () => {
    const s = readUserSettings(3, memoryStore());
    expect(s.theme).toEqual({ active: 'line', transition: false });
    expect(s.size).toBe('default');
    expect(s.menu.collapse).toBe(false);
    expect(s.opened).toEqual([]);
  });

  it('keeps users apart and merges patches', () => {
    const store = memoryStore();
    writeUserSettings(1, { size: 'mini' }, store);
    writeUserSettings(1, { theme: { active: 'star', transition: true } }, store);
    writeUserSettings(2, { menu: { collapse: true, source: [] } }, store);
    expect(readUserSettings(1, store)).toMatchObject({ size: 'mini', theme: { active: 'star', transition: true } });
    expect(readUserSettings(1, store).menu.collapse).toBe(false);
    expect(readUserSettings(2, store)).toMatchObject({ size: 'default', menu: { collapse: true } });
    expect([...store.data.keys()].sort()).toEqual(['dqzs-1.0.1-user-1', 'dqzs-1.0.1-user-2']);
  });

  it('survives broken JSON', () => {
    const store = memoryStore();
    store.setItem(userStorageKey(5), '{not json');
    expect(readUserSettings(5, store).size).toBe('default');
  });
});

import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flattenLeaves, searchEntries } from '../menu/menu-model';
import { useMenuSelect, useMenus } from '../menu/use-menus';

/** Menu search panel: a flat list of leaf pages 'A / B'; Esc closes, arrows and Enter navigate. */
export function SearchPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { aside } = useMenus();
  const select = useMenuSelect();
  const all = useMemo(() => flattenLeaves(aside), [aside]);
  const [text, setText] = useState('');
  const [index, setIndex] = useState(0);
  const input = useRef<InputRef>(null);
  const results = useRef<HTMLDivElement>(null);
  const list = useMemo(() => searchEntries(all, text), [all, text]);

  // Keep the keyboard selection in view.
  useEffect(() => {
    results.current?.querySelector(`[data-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [index]);

  useEffect(() => {
    if (!open) return;
    setText('');
    setIndex(0);
    const t = setTimeout(() => input.current?.focus(), 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(t);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  if (!open) return null;

  const choose = (i: number) => {
    const entry = list[i];
    if (!entry) return;
    onClose();
    select(entry.node);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setIndex((i) => Math.min(list.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      choose(index);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes the panel; Esc does the same
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc is handled on window
    <div className="search-panel-mask" onClick={onClose} data-testid="search-panel">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: stops the backdrop click */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the input */}
      <div className="search-panel" onClick={(e) => e.stopPropagation()}>
        <Input
          ref={input}
          size="large"
          prefix={<SearchOutlined />}
          placeholder="搜索页面"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
          aria-label="搜索页面"
        />
        <div className="search-results" role="listbox" ref={results}>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的页面" />
          ) : (
            list.map((e, i) => (
              <div
                key={e.path}
                data-index={i}
                role="option"
                tabIndex={-1}
                aria-selected={i === index}
                className={`search-result${i === index ? ' is-active' : ''}`}
                onMouseEnter={() => setIndex(i)}
                onClick={() => choose(i)}
                onKeyDown={() => undefined}
              >
                <span className="search-result-title">{e.fullTitle}</span>
                <span className="search-result-path">{e.path}</span>
              </div>
            ))
          )}
        </div>
        <div className="search-panel-tip">↑ ↓ 选择 · Enter 打开 · Esc 关闭</div>
      </div>
    </div>
  );
}

import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { SITE_BLOCK_NAMES, type SiteBlock } from '@console/shared/schemas/site-blocks';
import { Button, Empty, Space, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  blocks: SiteBlock[];
  selected: string | null;
  lang: string;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** A short label of a block: its type and its first text in the language. */
function labelOf(b: SiteBlock, lang: string): string {
  const first = (t: Partial<Record<string, string>>) => t[lang] || Object.values(t).find(Boolean) || '';
  const text = b.type === 'rich_text' ? first(b.markdown) : b.type === 'image_link' ? first(b.alt) : first(b.heading);
  return text.replace(/\s+/g, ' ').slice(0, 30);
}

/**
 * The page's blocks in order: drag a row by its handle onto another to move it there (the
 * browser's own drag and drop), or use the arrow buttons (keyboard users).
 */
export function BlockList({ blocks, selected, lang, onSelect, onMove, onRemove }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (blocks.length === 0) return <Empty description="还没有模块,从上方添加" />;
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="block-list">
      {blocks.map((b, i) => (
        <li
          key={b.key}
          draggable
          data-testid="block-row"
          data-type={b.type}
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(i));
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(i);
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(e) => {
            e.preventDefault();
            const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
            if (Number.isInteger(from) && from !== i) onMove(from, i);
            setDragging(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '6px 8px',
            marginBottom: 6,
            borderRadius: 6,
            cursor: 'pointer',
            border: `1px solid ${selected === b.key ? '#1677ff' : over === i ? '#91caff' : '#d9d9d9'}`,
            background: selected === b.key ? '#e6f4ff' : '#fff',
            opacity: dragging === i ? 0.5 : 1,
          }}
        >
          <HolderOutlined style={{ cursor: 'grab' }} aria-hidden />
          <button
            type="button"
            onClick={() => onSelect(b.key)}
            aria-pressed={selected === b.key}
            style={{
              flex: 1,
              minWidth: 0,
              textAlign: 'start',
              background: 'none',
              border: 0,
              padding: 0,
              cursor: 'pointer',
            }}
          >
            <Typography.Text strong>{SITE_BLOCK_NAMES[b.type]}</Typography.Text>{' '}
            <Typography.Text type="secondary">{labelOf(b, lang)}</Typography.Text>
          </button>
          <Space size={0}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label="上移"
              disabled={i === 0}
              onClick={() => onMove(i, i - 1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label="下移"
              disabled={i === blocks.length - 1}
              onClick={() => onMove(i, i + 1)}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除模块"
              onClick={() => onRemove(i)}
            />
          </Space>
        </li>
      ))}
    </ol>
  );
}

import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useSessionStore } from '../../stores/session-store';
import {
  type ChoosableColumn,
  defaultHidden,
  neededWidth,
  readHidden,
  shownColumns,
  writeHidden,
} from './column-chooser-model';

/** How a column takes part in the chooser: always shown, or hidden until asked for. */
export interface ColumnChoice {
  required?: boolean;
  hiddenByDefault?: boolean;
}

/** An antd column the chooser can show or hide: it needs a string key and a string title. */
export type KeyedColumn<T> = ColumnType<T> & { key: string; title: string };

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

/**
 * Columns a user can show and hide, remembered per user and table in local storage. A table
 * fits its screen with the columns most users need; the others are one click away. Returns the
 * columns to render, the width they need (for `scroll.x`: sideways scrolling only when the
 * screen is narrower) and the chooser button for the table's toolbar.
 */
export function useColumnChooser<T>(
  table: string,
  columns: readonly KeyedColumn<T>[],
  choices: Readonly<Record<string, ColumnChoice>>,
  opts: { selectionWidth?: number } = {},
): { columns: KeyedColumn<T>[]; scrollX: number; chooser: ReactNode } {
  const uid = useSessionStore((s) => s.uid);
  const described = useMemo<ChoosableColumn[]>(
    () =>
      columns.map((c) => ({
        key: c.key,
        label: c.title,
        ...(typeof c.width === 'number' ? { width: c.width } : {}),
        ...choices[c.key],
      })),
    [columns, choices],
  );
  const [hidden, setHidden] = useState(() => readHidden(storage(), uid, table, described));
  const change = (next: string[]) => {
    setHidden(next);
    writeHidden(storage(), uid, table, next);
  };
  const shownKeys = new Set(shownColumns(described, hidden).map((c) => c.key));
  const shown = columns.filter((c) => shownKeys.has(c.key));
  const scrollX = neededWidth(
    described.filter((c) => shownKeys.has(c.key)),
    opts.selectionWidth ?? 0,
  );
  const choosable = described.filter((c) => !c.required);
  const chooser = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="显示的列"
      content={
        <div data-testid={`column-chooser-${table}`}>
          <Flex vertical gap={4}>
            {choosable.map((c) => (
              <Checkbox
                key={c.key}
                checked={!hidden.includes(c.key)}
                onChange={(e) => change(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
                data-testid={`column-choice-${c.key}`}
              >
                {c.label}
              </Checkbox>
            ))}
          </Flex>
          <div style={{ marginTop: 8 }}>
            <Typography.Link onClick={() => change(defaultHidden(described))}>恢复默认</Typography.Link>
          </div>
        </div>
      }
    >
      <Tooltip title="选择表格显示的列(按账号记住)">
        <Button icon={<SettingOutlined />} data-testid={`column-chooser-button-${table}`}>
          列设置
        </Button>
      </Tooltip>
    </Popover>
  );
  return { columns: shown, scrollX, chooser };
}

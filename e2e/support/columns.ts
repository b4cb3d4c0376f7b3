import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** One table whose last column is cut, and how. */
export interface CutColumn {
  /** The table's test id, or its index among the visible tables. */
  table: string;
  /** The last header cell's text. */
  column: string;
  problem: string;
}

/**
 * Every visible antd table (`.ant-table`) of the page whose last column is cut (issue 29 §4):
 * its last header cell must end inside the table's visible container and the viewport, and
 * no cell of that column may clip its content (`scrollWidth > clientWidth`). A column fixed
 * on the right stays on screen while the table scrolls, so only the clipping counts for it;
 * antd's scrollbar filler cell is not a column. Tables in a closed drawer or tab are skipped.
 */
export async function cutColumns(page: Page): Promise<CutColumn[]> {
  return page.evaluate(() => {
    const out: { table: string; column: string; problem: string }[] = [];
    const viewport = document.documentElement.clientWidth;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const st = getComputedStyle(e);
        if (st.display === 'none' || st.visibility === 'hidden') return false;
      }
      return true;
    };
    const fixedEnd = (cell: Element) =>
      Array.from(cell.classList).some((c) => /cell-fix-(right|end)(?!-shadow)/.test(c)) &&
      getComputedStyle(cell).position === 'sticky';
    const tables = Array.from(document.querySelectorAll('.ant-table')).filter(visible);
    tables.forEach((table, i) => {
      const wrapper = table.closest('[data-testid]');
      const name = wrapper?.getAttribute('data-testid') ?? `#${i}`;
      // The header row nearest the body (grouped headers have several): its last real cell.
      const rows = Array.from(table.querySelectorAll('thead tr'));
      const headRow = rows[rows.length - 1];
      if (!headRow) return;
      const heads = Array.from(headRow.querySelectorAll('th')).filter(
        (th) => !th.classList.contains('ant-table-cell-scrollbar'),
      );
      const last = heads[heads.length - 1];
      if (!last) return;
      const column = (last.textContent ?? '').trim() || '(无标题)';
      const box = last.getBoundingClientRect();
      const container = (table.querySelector('.ant-table-container') ?? table).getBoundingClientRect();
      const fixed = fixedEnd(last);
      if (box.right > container.right + 1)
        out.push({
          table: name,
          column,
          problem: `表头右边缘 ${Math.round(box.right)} 超出表格可见区域 ${Math.round(container.right)}${fixed ? '' : '(未固定在右侧)'}`,
        });
      if (box.right > viewport + 1)
        out.push({ table: name, column, problem: `表头右边缘 ${Math.round(box.right)} 超出窗口 ${viewport}` });
      if (last.scrollWidth > last.clientWidth + 1)
        out.push({ table: name, column, problem: `表头文字被截断(${last.scrollWidth} > ${last.clientWidth})` });
      for (const tr of Array.from(table.querySelectorAll('tbody tr.ant-table-row'))) {
        const cells = Array.from(tr.children).filter((c) => c.tagName === 'TD');
        const td = cells[cells.length - 1] as HTMLElement | undefined;
        if (!td) continue;
        // Ellipsis cells cut on purpose (the whole text on hover).
        if (td.classList.contains('ant-table-cell-ellipsis')) continue;
        if (td.scrollWidth > td.clientWidth + 1) {
          out.push({
            table: name,
            column,
            problem: `单元格内容被截断(${td.scrollWidth} > ${td.clientWidth}): ${(td.textContent ?? '').slice(0, 40)}`,
          });
          break;
        }
      }
    });
    return out;
  });
}

/** Fails with every cut column of the page's visible tables (at least `min` tables must be visible). */
export async function expectNoCutColumns(page: Page, screen: string, min = 1): Promise<void> {
  const count = await page.locator('.ant-table:visible').count();
  expect(count, `${screen}: 可见表格数`).toBeGreaterThanOrEqual(min);
  const cut = await cutColumns(page);
  expect(cut, `${screen}: 最后一列被截断`).toEqual([]);
}

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { TimeSlicer } from './time-slice.js';

/**
 * An .xlsx built in memory without holding the event loop (issue 27 §3): exceljs's streaming
 * writer (the row XML is written as each row is committed, the zip compressed in libuv's pool)
 * and a pause for other requests every few milliseconds. `Workbook.xlsx.writeBuffer()` renders
 * the whole sheet in one block instead: about 0.5 s for 1,000 rows of 25 columns.
 *
 * Usage: `const x = xlsxBuffer(); const sheet = x.book.addWorksheet(..); sheet.columns = ..;
 * for (..) await x.addRow(sheet, row); return x.finish();`
 */
export function xlsxBuffer() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Styles on: number and date formats are styles.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const slicer = new TimeSlicer();
  return {
    book,
    /** Adds and commits one row, giving other requests a turn when this slice is used up. */
    async addRow(sheet: ExcelJS.Worksheet, row: unknown): Promise<void> {
      await slicer.pause();
      sheet.addRow(row as ExcelJS.Row).commit();
    },
    /** Commits the workbook (and with it every sheet); the file's bytes. */
    async finish(): Promise<Buffer> {
      await book.commit();
      await finished;
      return Buffer.concat(chunks);
    },
  };
}

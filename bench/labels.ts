/**
 * Label benchmark (issue 30 §4): 5,000 FNSKU labels as one PDF (target < 10 s), on an A4
 * sheet of 44 and on 50x25 mm thermal labels (a page each), with the PDF's size and the worst
 * event-loop delay while it is drawn (slices of 8 ms; other requests go on meanwhile); then 500
 * carton labels. Run: `npm run bench:labels`. Prints numbers; asserts nothing.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type CartonLabel, renderCartonLabels } from '../apps/server/src/labels/carton-labels.js';
import { type FnskuItem, type FnskuLayoutName, renderFnskuLabels } from '../apps/server/src/labels/fnsku-labels.js';

const WORDS = ['收纳盒', '大容量', '桌面整理', 'Storage Box', 'Organizer', 'ąłőřž', 'Dvořák', 'Łódź', '加厚', 'XL'];

/** 1,000 products, 5 labels each: titles of mixed Chinese and Latin with Central European letters. */
function items(): FnskuItem[] {
  return Array.from({ length: 1000 }, (_, i) => ({
    fnsku: `X00${(1_000_000 + i * 37).toString(36).toUpperCase().padStart(7, '0')}`,
    title: `${Array.from({ length: 4 + (i % 9) }, (_, k) => WORDS[(i + k * 3) % WORDS.length]).join(' ')} ${i}`,
    quantity: 5,
  }));
}

/** Wall time, this process's CPU time (user + system: less swayed by other processes on a shared machine) and the worst event-loop delay. */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; cpuMs: number; worstDelayMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - t;
  h.disable();
  return { result, ms, cpuMs: (used.user + used.system) / 1000, worstDelayMs: h.max / 1e6 };
}

const cpuNote = (r: { cpuMs: number }) => `cpu ${(r.cpuMs / 1000).toFixed(2)} s`;

async function benchFnsku(layout: FnskuLayoutName) {
  const list = items();
  const total = list.reduce((s, i) => s + i.quantity, 0);
  const r = await timed(() => renderFnskuLabels(list, layout));
  console.log(
    `fnsku: ${total} labels ${layout} in one PDF: ${(r.ms / 1000).toFixed(2)} s (target < 10 s; ${cpuNote(r)}), ${r.result.length.toLocaleString('en')} bytes (${(r.result.length / 1024 / 1024).toFixed(2)} MiB), worst event-loop delay ${r.worstDelayMs.toFixed(0)} ms`,
  );
}

async function benchCartons() {
  const address = {
    name: '深圳市宝安区跨境仓 王磊',
    lines: ['西乡街道 固戍二路 88号'],
    city_line: 'Shenzhen 518000',
    country: 'CN',
  };
  const fc = { name: 'Amazon.de LEJ1', lines: ['Amazonstraße 1'], city_line: '04347 Leipzig', country: 'DE' };
  const boxes: CartonLabel[] = Array.from({ length: 500 }, (_, i) => ({
    box_id: `FBA15K7Q2X9LU${String(i + 1).padStart(6, '0')}`,
    shipment_id: 'FBA15K7Q2X9L',
    shipment_name: '2026-11 头程 深圳→LEJ1 第3批',
    box_no: i + 1,
    box_count: 500,
    ship_from: address,
    ship_to: fc,
    contents: Array.from({ length: 1 + (i % 10) }, (_, k) => ({ sku: `SKU-${k}-Łódź`, quantity: 5 + k })),
    weight_g: 8000 + i,
  }));
  const r = await timed(() => renderCartonLabels(boxes));
  console.log(
    `cartons: 500 labels 100x150 mm in one PDF: ${(r.ms / 1000).toFixed(2)} s (${cpuNote(r)}), ${r.result.length.toLocaleString('en')} bytes, worst event-loop delay ${r.worstDelayMs.toFixed(0)} ms`,
  );
}

const cold = await timed(() => renderFnskuLabels([{ fnsku: 'X001ABCDEF', title: '收纳盒 ął', quantity: 1 }], 'a4-44'));
console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
console.log(`fonts read and unpacked (first label of the process): ${cold.ms.toFixed(0)} ms`);
await benchFnsku('a4-44');
await benchFnsku('thermal-50x25');
await benchFnsku('a4-21');
await benchCartons();

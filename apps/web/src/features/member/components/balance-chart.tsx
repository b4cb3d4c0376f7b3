import type { FinanceOverview } from '@console/shared/schemas/finance';
import { yuan } from './money';

const W = 720;
const H = 220;
const PAD = 36;

/**
 * Balance (line) and fees spent (bars) per day as a small SVG chart: the data is a few dozen
 * points, so the page does not load a charting library for it (docs/decisions.md, issue 16 §3).
 */
export function BalanceChart({ days }: { days: FinanceOverview['days'] }) {
  if (days.length === 0) return null;
  const values = days.flatMap((d) => [d.balance, d.spend, 0]);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, days.length - 1);
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  const bar = Math.max(2, (W - 2 * PAD) / days.length - 2);
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${Math.round(x(i))},${Math.round(y(d.balance))}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="余额与消费走势" data-testid="balance-chart">
      <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} stroke="#d9d9d9" />
      {days.map((d, i) =>
        d.spend > 0 ? (
          <rect key={d.day} x={x(i) - bar / 2} y={y(d.spend)} width={bar} height={y(0) - y(d.spend)} fill="#ffa39e">
            <title>{`${d.day} 消费 ${yuan(d.spend)}`}</title>
          </rect>
        ) : null,
      )}
      <path d={line} fill="none" stroke="#1677ff" strokeWidth={2} />
      {days.map((d, i) => (
        <circle key={d.day} cx={x(i)} cy={y(d.balance)} r={2.5} fill="#1677ff">
          <title>{`${d.day} 余额 ${yuan(d.balance)}`}</title>
        </circle>
      ))}
      <text x={PAD} y={H - 8} fontSize={11} fill="#888">
        {days[0]!.day}
      </text>
      <text x={W - PAD} y={H - 8} fontSize={11} fill="#888" textAnchor="end">
        {days.at(-1)!.day}
      </text>
      <text x={4} y={y(max) + 4} fontSize={11} fill="#888">
        {yuan(max)}
      </text>
    </svg>
  );
}

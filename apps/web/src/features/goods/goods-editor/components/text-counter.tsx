import type { Counter } from '../../lib/counters';

/** "12/200" turning red when over the marketplace limit. */
export function TextCounter({ c, unit = '' }: { c: Counter; unit?: string }) {
  return (
    <span className={c.over ? 'text-counter text-counter-over' : 'text-counter'} data-over={c.over}>
      {c.value}/{c.limit}
      {unit}
    </span>
  );
}

import { lazy, Suspense } from 'react';

const PriceSettingsTable = lazy(() =>
  import('./price-settings-table').then((m) => ({ default: m.PriceSettingsTable })),
);

/** Gathering price settings (采集价格设置, user menu); its code loads on first open so the frame stays small. */
export function PriceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PriceSettingsTable open={open} onClose={onClose} />
    </Suspense>
  );
}

import { COPYRIGHT_YEARS, WORLD_CLOCKS } from '@console/shared/constants/clocks';
import { useEffect, useState } from 'react';
import { useBrandingStore } from '../../app/bootstrap';
import { FlagIcon } from './flag-icon';
import { formatZoneTime } from './world-clock';

/** Clock tick (spec section 9: 1000 ms). */
const TICK_MS = 1000;

/** Footer: six country clocks per row, ticking every second, and the copyright line. */
export function AppFooter() {
  const [now, setNow] = useState(() => new Date());
  const company = useBrandingStore((s) => s.title);
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <footer className="frame-footer" data-testid="footer">
      <div className="world-clocks">
        {WORLD_CLOCKS.map((c) => (
          <div key={c.key} className="world-clock" data-zone={c.timeZone}>
            <FlagIcon country={c.key} label={c.label} />
            <span className="world-clock-name">{c.label}</span>
            <span className="world-clock-time">{formatZoneTime(now, c.timeZone)}</span>
          </div>
        ))}
      </div>
      <div className="copyright">
        Copyright {COPYRIGHT_YEARS} {company}
      </div>
    </footer>
  );
}

/** Small inline SVG flags for the footer clocks (no external images, no emoji font needed). */
export function FlagIcon({ country, label }: { country: string; label: string }) {
  const common = { width: 21, height: 14, viewBox: '0 0 21 14', role: 'img', className: 'flag-icon' } as const;
  switch (country) {
    case 'cn':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="21" height="14" fill="#de2910" />
          <polygon points="4,2 4.9,4.6 7.6,4.6 5.4,6.2 6.2,8.8 4,7.2 1.8,8.8 2.6,6.2 0.4,4.6 3.1,4.6" fill="#ffde00" />
        </svg>
      );
    case 'us-east':
    case 'us-west':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="21" height="14" fill="#fff" />
          {[0, 2, 4, 6, 8, 10, 12].map((y) => (
            <rect key={y} y={y} width="21" height="1" fill="#b22234" />
          ))}
          <rect width="9" height="7" fill="#3c3b6e" />
        </svg>
      );
    case 'uk':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="21" height="14" fill="#012169" />
          <path d="M0,0 21,14 M21,0 0,14" stroke="#fff" strokeWidth="2.4" />
          <path d="M0,0 21,14 M21,0 0,14" stroke="#c8102e" strokeWidth="1" />
          <path d="M10.5,0 v14 M0,7 h21" stroke="#fff" strokeWidth="4" />
          <path d="M10.5,0 v14 M0,7 h21" stroke="#c8102e" strokeWidth="2.2" />
        </svg>
      );
    case 'eu':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="21" height="14" fill="#003399" />
          {Array.from({ length: 12 }, (_, i) => {
            const a = (i * Math.PI) / 6;
            return <circle key={a} cx={10.5 + 4.2 * Math.cos(a)} cy={7 + 4.2 * Math.sin(a)} r="0.7" fill="#ffcc00" />;
          })}
        </svg>
      );
    case 'jp':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="21" height="14" fill="#fff" stroke="#ddd" strokeWidth="0.5" />
          <circle cx="10.5" cy="7" r="4.2" fill="#bc002d" />
        </svg>
      );
    default:
      return null;
  }
}

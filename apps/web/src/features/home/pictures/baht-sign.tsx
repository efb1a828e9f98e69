interface BahtSignProps {
  /** Centre of the sign. */
  x: number;
  y: number;
  /** Height of the vertical stroke, which runs past the B above and below as in ฿. */
  size: number;
  color: string;
}

/** ฿ drawn as strokes: as text it depends on the font and shrinks into a plain "B" at coin size. */
export function BahtSign({ x, y, size, color }: BahtSignProps) {
  const scale = size / 14;
  return (
    <g
      transform={`translate(${x} ${y}) scale(${scale})`}
      fill="none"
      stroke={color}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path
        d="M-3.6 -5 V5 M-3.6 -5 h4 a2.5 2.5 0 0 1 0 5 h-4 M-3.6 0 h4.6 a2.5 2.5 0 0 1 0 5 h-4.6"
        strokeWidth={1.8}
      />
      <path d="M-0.2 -7 V7" strokeWidth={1.5} />
    </g>
  );
}

/* @jsxRuntime automatic */
import { toSVG } from 'bwip-js/node';

/** Quiet zone each side, in modules (Code 128 asks for at least 10). */
const QUIET = 10;

interface Bars {
  width: number;
  height: number;
  paths: { strokeWidth: string; d: string }[];
}

/**
 * The bars of a Code 128 symbol as bwip-js draws them (one <path> per bar width, scale 1: one unit per module).
 * Parsed back into numbers so the document builds the <svg> with React — nothing of bwip-js's text is injected.
 */
export function code128Bars(text: string): Bars {
  const svg = toSVG({
    bcid: 'code128',
    text,
    scale: 1,
    height: 10,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!box) throw new Error('bwip-js answered an SVG without a viewBox');
  const paths: Bars['paths'] = [];
  for (const m of svg.matchAll(/<path\b([^>]*)\/?>/g)) {
    const attrs = m[1] ?? '';
    const d = /\sd="([^"]*)"/.exec(attrs)?.[1];
    const w = /\sstroke-width="([\d.]+)"/.exec(attrs)?.[1];
    // Only move/line commands with numbers: anything else would not be a bar.
    if (!d || !w || !/^[ML\d. ]+$/.test(d)) throw new Error('bwip-js answered a path that is not bars');
    paths.push({ strokeWidth: w, d });
  }
  if (paths.length === 0) throw new Error('bwip-js answered no bars');
  return { width: Number(box[1]), height: Number(box[2]), paths };
}

/** A Code 128 barcode as inline SVG, stretched to the box it is given, with its quiet zones. */
export function Code128({ text, className }: { text: string; className?: string }) {
  const bars = code128Bars(text);
  return (
    <svg
      className={className}
      viewBox={`${-QUIET} 0 ${bars.width + 2 * QUIET} ${bars.height}`}
      preserveAspectRatio="none"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={text}
    >
      <rect x={-QUIET} y={0} width={bars.width + 2 * QUIET} height={bars.height} fill="#ffffff" />
      {bars.paths.map((p, i) => (
        <path key={i} stroke="#000000" strokeWidth={p.strokeWidth} d={p.d} shapeRendering="crispEdges" />
      ))}
    </svg>
  );
}

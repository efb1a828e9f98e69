import { blur121, boxBlur, clamp } from './image-ops';
import { pixelRandom, seedOf } from './random';

const smoothstep = (a: number, b: number, x: number) => {
  const t = clamp((x - a) / (b - a), 0, 1);
  return t * t * (3 - 2 * t);
};

/**
 * A posteroanterior chest radiograph drawn from simple shapes: torso and neck, lungs with diaphragm domes and a
 * gastric bubble, heart, trachea, spine, posterior ribs, clavicles and humeral heads, lung markings. Answers the
 * detector signal (0–1, higher where more attenuating: bone white in MONOCHROME2), the image's left the patient's right.
 */
export function drawChest(width: number, height: number, seed: string): Float32Array {
  const anatomy = chestAnatomy(width, height);
  const rnd = pixelRandom(seedOf(`${seed}|chest`));
  const out = new Float32Array(anatomy.length);
  for (let i = 0; i < out.length; i++) out[i] = clamp(anatomy[i]! + 0.006 * rnd.normal(), 0, 1);
  return out;
}

/** The drawing without quantum noise is the same for every patient: made once per size. */
const anatomies = new Map<string, Float32Array>();
function chestAnatomy(width: number, height: number): Float32Array {
  const key = `${width}x${height}`;
  const cached = anatomies.get(key);
  if (cached) return cached;
  const rnd = pixelRandom(seedOf(`chest|${key}`));
  // Lung markings: smoothed noise, stronger near the hila.
  const noise = new Float32Array(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = rnd.normal();
  const markings = boxBlur(
    boxBlur(noise, width, height, Math.max(1, Math.round(width / 300))),
    width,
    height,
    Math.max(1, Math.round(width / 400)),
  );
  const out = new Float32Array(width * height);
  const aspect = height / width;
  for (let py = 0, p = 0; py < height; py++) {
    const v = ((py + 0.5) / height) * 2 - 1;
    for (let px = 0; px < width; px++, p++) {
      const u = (((px + 0.5) / width) * 2 - 1) / aspect;
      out[p] = chestAt(u, v, markings[p]! * Math.sqrt(width / 100));
    }
  }
  const smooth = blur121(out, width, height, 1);
  if (anatomies.size >= 4) anatomies.clear();
  anatomies.set(key, smooth);
  return smooth;
}

function chestAt(u: number, v: number, marking: number): number {
  const au = Math.abs(u);
  // Torso: neck above, shoulders, chest; path length through an elliptic cylinder.
  const halfWidth = 0.2 + 0.68 * smoothstep(-0.9, -0.6, v) - 0.06 * smoothstep(0.4, 1, v);
  if (au >= halfWidth) return 0.03;
  let soft = 0.55 * Math.sqrt(1 - (au / halfWidth) ** 2) * (0.75 + 0.25 * smoothstep(-0.9, -0.55, v));
  // Lungs (right lung on the image's left, a little larger; the left lung's base lower).
  let air = 0;
  for (const side of [-1, 1] as const) {
    const cu = side * 0.4;
    const cv = -0.1;
    const ru = 0.33;
    const rv = 0.62;
    const r2 = ((u - cu) / ru) ** 2 + ((v - cv) / rv) ** 2;
    const dome = (side < 0 ? 0.38 : 0.45) - 0.22 * Math.max(0, 1 - ((u - cu) / (ru * 1.1)) ** 2);
    if (r2 < 1 && v < dome) {
      // Costophrenic angles and the dome soften into the edge.
      const fade = smoothstep(0, 0.06, dome - v);
      air += 0.42 * Math.sqrt(1 - r2) * fade * (1 - 0.18 * smoothstep(-0.2, 0.3, -au + 0.25));
    }
  }
  // Heart and mediastinum: tissue where there would be lung.
  // Heart: a tilted ellipse, apex down towards the left dome.
  const hu = u - 0.13;
  const hv = v - 0.2;
  const hr2 = ((hu * 0.91 + hv * 0.42) / 0.3) ** 2 + ((-hu * 0.42 + hv * 0.91) / 0.21) ** 2;
  if (hr2 < 1.2) air -= 0.55 * smoothstep(1.2, 0.7, hr2);
  const mediastinum = smoothstep(0.2, 0.1, au) * smoothstep(0.35, 0.2, v);
  air -= 0.25 * mediastinum;
  air = Math.max(0, air);
  if (air > 0) air *= 1 + 0.25 * marking * smoothstep(0.5, 0.15, au);
  // Gastric bubble under the left dome, trachea down to the carina.
  const gb = ((u - 0.38) / 0.1) ** 2 + ((v - 0.5) / 0.06) ** 2;
  if (gb < 1) air += 0.12 * Math.sqrt(1 - gb);
  if (au < 0.035 && v > -1 && v < -0.3) air += 0.08 * Math.sqrt(1 - (au / 0.035) ** 2);
  soft -= air;

  let bone = 0;
  // Spine: vertebral bodies with discs, behind the mediastinum.
  if (au < 0.075) {
    const level = (v + 1) / 0.085;
    const inBody = Math.abs((level % 1) - 0.5) < 0.38 ? 1 : 0.7;
    bone += 0.045 * inBody * Math.sqrt(1 - (au / 0.075) ** 2);
    const ped = Math.abs(au - 0.045) < 0.012 && Math.abs((level % 1) - 0.4) < 0.18;
    if (ped) bone += 0.03;
  }
  // Posterior ribs: arcs from the spine, curving up then down the side.
  for (let k = 0; k < 9; k++) {
    const s = (au - 0.06) / 0.74;
    if (s < 0 || s > 1) break;
    const v0 = -0.76 + k * 0.1;
    const centre = v0 - 0.08 * Math.sin(Math.PI * Math.min(1, s * 1.6)) + 0.45 * s * s;
    const half = 0.02 + 0.01 * s;
    const d = (v - centre) / half;
    if (Math.abs(d) < 1)
      bone += 0.075 * (Math.sqrt(1 - d * d) * 0.6 + 0.4 * Math.abs(d) ** 4) * (1 - 0.4 * s) * smoothstep(1, 0.8, s);
  }
  // Clavicles.
  if (au > 0.06 && au < 0.62) {
    const t = (au - 0.06) / 0.56;
    const centre = -0.66 - 0.1 * t + 0.04 * Math.sin(Math.PI * t);
    const d = (v - centre) / 0.028;
    if (Math.abs(d) < 1) bone += 0.14 * Math.sqrt(1 - d * d);
  }
  // Humeral heads at the shoulders.
  const hh = ((au - 0.86) / 0.1) ** 2 + ((v + 0.6) / 0.12) ** 2;
  if (hh < 1) bone += 0.2 * Math.sqrt(1 - hh);
  return clamp(0.05 + soft + bone * 1.6, 0, 1);
}

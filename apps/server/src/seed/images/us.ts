import { clamp } from './image-ops';
import { commonAttributes, SOP_CLASS, type GeneratedInstance, type GenerateOptions, type SeriesSpec } from './modules';
import { writePart10 } from './part10';
import { pixelRandom, seedOf } from './random';

export interface UsOptions extends GenerateOptions {
  /** Grey-scale still images (default 3); one colour Doppler image follows them. */
  stills?: number;
  /** Frames of a cine loop (US Multi-frame) after the stills; 0 (default) for none. */
  cineFrames?: number;
  /** The colour Doppler still after the grey ones (default true; RGB, three times the bytes of a grey still). */
  doppler?: boolean;
}

const WIDTH = 640;
const HEIGHT = 480;
const APEX = { x: WIDTH / 2, y: 28 };
/** Sector radius in pixels, depth in mm. */
const RADIUS = 430;
/** The probe face: depth 0 is this far from the virtual apex. */
const SKIN_PX = 18;
const DEPTH_MM = 160;
const MM_PER_PX = DEPTH_MM / RADIUS;
const HALF_ANGLE = (38 * Math.PI) / 180;

interface Scene {
  shift: number;
  breath: number;
  seed: number;
}

/**
 * An abdominal ultrasound of the liver: a sector of speckle over skin, fat, muscle and liver, a vessel, a gallbladder
 * with posterior enhancement, the diaphragm; depth marks on the side. Grey stills (8-bit MONOCHROME2), one colour
 * Doppler still (RGB), optionally a cine loop (multi-frame).
 */
export function* generateUs(opts: UsOptions): Generator<GeneratedInstance> {
  const seed = opts.seed ?? opts.study.studyInstanceUid;
  const stills = Math.max(0, Math.floor(opts.stills ?? 3));
  const series: SeriesSpec = {
    number: 1,
    modality: 'US',
    description: 'Abdomen',
    bodyPart: 'ABDOMEN',
    offsetMinutes: 1,
  };
  let n = 0;
  for (let i = 0; i < stills; i++) {
    const grey = drawScene({ shift: (i - 1) * 9, breath: 0, seed: seedOf(`${seed}|us|${i}`) });
    n += 1;
    yield usInstance(opts, series, n, { kind: 'grey', frames: [grey] });
  }
  if (opts.doppler !== false) {
    const base = drawScene({ shift: 0, breath: 0, seed: seedOf(`${seed}|us|doppler`) });
    n += 1;
    yield usInstance(opts, series, n, { kind: 'rgb', frames: [colourDoppler(base)] });
  }
  const cine = Math.max(0, Math.floor(opts.cineFrames ?? 0));
  if (cine > 0) {
    const frames: Uint8Array[] = [];
    for (let f = 0; f < cine; f++)
      frames.push(
        drawScene({ shift: 0, breath: 6 * Math.sin((2 * Math.PI * f) / cine), seed: seedOf(`${seed}|us|cine|${f}`) }),
      );
    n += 1;
    yield usInstance(opts, series, n, { kind: 'cine', frames });
  }
}

function usInstance(
  opts: UsOptions,
  series: SeriesSpec,
  number: number,
  image: { kind: 'grey' | 'rgb' | 'cine'; frames: Uint8Array[] },
): GeneratedInstance {
  const multi = image.kind === 'cine';
  const sopClassUid = multi ? SOP_CLASS.usMultiframe : SOP_CLASS.us;
  const rgb = image.kind === 'rgb';
  const attrs = commonAttributes(opts, series, {
    sopClassUid,
    number,
    imageType: ['ORIGINAL', 'PRIMARY', 'ABDOMINAL', rgb ? '0011' : '0001'],
  });
  const dataset = {
    ...attrs,
    SamplesPerPixel: rgb ? 3 : 1,
    PhotometricInterpretation: rgb ? 'RGB' : 'MONOCHROME2',
    ...(rgb ? { PlanarConfiguration: 0 } : {}),
    ...(multi
      ? {
          NumberOfFrames: image.frames.length,
          FrameIncrementPointer: 0x00181063,
          FrameTime: '40',
          CineRate: 25,
          RecommendedDisplayFrameRate: 25,
        }
      : {}),
    Rows: HEIGHT,
    Columns: WIDTH,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    TransducerData: 'C5-2',
    TransducerType: 'CURVED LINEAR',
    ProcessingFunction: 'ABDOMEN',
    SequenceOfUltrasoundRegions: [
      {
        RegionSpatialFormat: 1,
        RegionDataType: rgb ? 2 : 1,
        RegionFlags: 0,
        RegionLocationMinX0: Math.round(APEX.x - RADIUS * Math.sin(HALF_ANGLE)),
        RegionLocationMinY0: Math.round(APEX.y),
        RegionLocationMaxX1: Math.round(APEX.x + RADIUS * Math.sin(HALF_ANGLE)),
        RegionLocationMaxY1: Math.min(HEIGHT - 1, Math.round(APEX.y + RADIUS)),
        PhysicalUnitsXDirection: 3,
        PhysicalUnitsYDirection: 3,
        PhysicalDeltaX: MM_PER_PX / 10,
        PhysicalDeltaY: MM_PER_PX / 10,
        ReferencePixelX0: APEX.x,
        ReferencePixelY0: APEX.y,
        ReferencePixelPhysicalValueX: 0,
        ReferencePixelPhysicalValueY: 0,
      },
    ],
    PatientOrientation: '',
    ...(rgb ? {} : { WindowCenter: '128', WindowWidth: '256' }),
  };
  const bytes = writePart10(
    dataset,
    { frames: image.frames, pixels: WIDTH * HEIGHT, samples: rgb ? 3 : 1, bitsAllocated: 8 },
    opts.syntax,
  );
  return {
    sopClassUid,
    sopInstanceUid: attrs.SOPInstanceUID as string,
    seriesInstanceUid: attrs.SeriesInstanceUID as string,
    instanceNumber: number,
    bytes,
  };
}

/** Echogenicity (0 anechoic … 1 bright): layers by depth under the curved probe, organs at (x, y) mm. */
function echo(depth: number, x: number, y: number, s: Scene): number {
  if (depth < 1.2) return 1;
  if (depth < 10 + 1.5 * Math.sin(x / 14)) return 0.3;
  if (depth < 12) return 0.85;
  if (depth < 21) return 0.45 + 0.12 * Math.sin(depth * 1.9);
  if (depth < 22.5) return 0.8;
  const xs = x - s.shift;
  const ys = y - s.breath;
  // The diaphragm: a bright curve; the lung behind it mirrors grey.
  const dia = 132 + 10 * Math.cos(xs / 35) + 0.12 * xs;
  if (ys > dia + 4) return 0.25;
  if (ys > dia) return 1.4;
  // A portal vein in cross-section, with bright walls.
  const rv = Math.hypot(xs + 24, ys - 70);
  if (rv < 6) return 0.02;
  if (rv < 7.5) return 1;
  // A hepatic vein running obliquely.
  const hv = Math.abs(ys - (48 + 0.35 * xs));
  if (hv < 2.6 && xs > -8 && xs < 40) return 0.03;
  // Gallbladder: anechoic with a bright wall and posterior acoustic enhancement.
  const gb = ((xs - 24) / 17) ** 2 + ((ys - 92) / 10) ** 2;
  if (gb < 1) return 0.015;
  if (gb < 1.15) return 0.95;
  const enhance = Math.abs(xs - 24) < 15 && ys > 92 ? 1.45 : 1;
  return 0.5 * enhance;
}

/** One 8-bit frame: sector of log-compressed speckle, depth marks. */
/** Scenes drawn lately: exams given the same seed (the demo's small studies) share their speckle. */
const drawn = new Map<string, Uint8Array>();
const DRAWN_KEPT = 16;

function drawScene(scene: Scene): Uint8Array {
  const key = `${scene.shift}|${scene.breath}|${scene.seed}`;
  const known = drawn.get(key);
  if (known) return known.slice();
  const out = drawSceneOnce(scene);
  if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, out.slice());
  return out;
}

function drawSceneOnce(scene: Scene): Uint8Array {
  const rnd = pixelRandom(scene.seed);
  const re = new Float32Array(WIDTH * HEIGHT);
  const im = new Float32Array(WIDTH * HEIGHT);
  for (let i = 0; i < re.length; i++) {
    re[i] = rnd.normal();
    im[i] = rnd.normal();
  }
  // Speckle grains are longer sideways than deep.
  const sr = lateralGrain(re);
  const si = lateralGrain(im);
  const out = new Uint8Array(WIDTH * HEIGHT);
  const cosLimit = Math.cos(HALF_ANGLE);
  for (let py = 0, p = 0; py < HEIGHT; py++) {
    for (let px = 0; px < WIDTH; px++, p++) {
      const dx = px - APEX.x;
      const dy = py - APEX.y;
      const r = Math.hypot(dx, dy);
      if (dy <= 0 || r > RADIUS || r < SKIN_PX || dy / r < cosLimit) continue;
      const depth = (r - SKIN_PX) * MM_PER_PX;
      const e = echo(depth, dx * MM_PER_PX, (dy - SKIN_PX) * MM_PER_PX, scene);
      const amplitude = e * Math.hypot(sr[p]!, si[p]!) * 0.75 * Math.exp(-depth / 300);
      out[p] = clamp(Math.round((255 * Math.log(1 + 12 * amplitude)) / Math.log(1 + 12 * 1.6)), 0, 255);
    }
  }
  // Depth marks every centimetre at the right edge, a focus marker on the left.
  for (let cm = 1; cm * 10 < DEPTH_MM; cm++) {
    const y = Math.round(APEX.y + SKIN_PX + ((cm * 10) / MM_PER_PX) * Math.cos(HALF_ANGLE));
    const x = WIDTH - 22;
    const size = cm % 5 === 0 ? 3 : 1;
    for (let yy = y - size; yy <= y + size; yy++)
      for (let xx = x - size; xx <= x + size; xx++) if (yy >= 0 && yy < HEIGHT) out[yy * WIDTH + xx] = 210;
  }
  const fy = Math.round(APEX.y + SKIN_PX + 80 / MM_PER_PX);
  for (let k = 0; k < 6; k++)
    for (let xx = 14; xx < 20 - k; xx++) {
      out[(fy - k) * WIDTH + xx] = 220;
      out[(fy + k) * WIDTH + xx] = 220;
    }
  return out;
}

/** A unit-variance field smoothed 7 pixels across and 3 down (the speckle grain of a curved probe). */
function lateralGrain(field: Float32Array): Float32Array {
  const tmp = new Float32Array(field.length);
  const rx = 3;
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) {
      let acc = 0;
      for (let k = -rx; k <= rx; k++) acc += field[row + Math.min(WIDTH - 1, Math.max(0, x + k))]!;
      tmp[row + x] = acc;
    }
  }
  const out = new Float32Array(field.length);
  const norm = 1 / Math.sqrt((2 * rx + 1) * 3);
  for (let y = 0; y < HEIGHT; y++) {
    const up = Math.max(0, y - 1) * WIDTH;
    const down = Math.min(HEIGHT - 1, y + 1) * WIDTH;
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) out[row + x] = (tmp[up + x]! + tmp[row + x]! + tmp[down + x]!) * norm;
  }
  return out;
}

/** The grey image as RGB with a colour-flow box over the vessels: red towards the probe, blue away. */
function colourDoppler(grey: Uint8Array): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let p = 0; p < grey.length; p++) rgb[p * 3] = rgb[p * 3 + 1] = rgb[p * 3 + 2] = grey[p]!;
  const box = { x0: 200, x1: 420, y0: 120, y1: 260 };
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const p = y * WIDTH + x;
      const edge = y === box.y0 || y === box.y1 || x === box.x0 || x === box.x1;
      if (edge) {
        rgb[p * 3] = rgb[p * 3 + 1] = rgb[p * 3 + 2] = 200;
        continue;
      }
      const mx = (x - APEX.x) * MM_PER_PX;
      const my = (y - APEX.y - SKIN_PX) * MM_PER_PX;
      const rv = Math.hypot(mx + 24, my - 70);
      const hv = Math.abs(my - (48 + 0.35 * mx));
      if (rv < 6) {
        const v = 1 - rv / 6;
        rgb[p * 3] = 150 + Math.round(105 * v);
        rgb[p * 3 + 1] = Math.round(190 * v * v);
        rgb[p * 3 + 2] = 0;
      } else if (hv < 2.6 && mx > -8 && mx < 40) {
        const v = 1 - hv / 2.6;
        rgb[p * 3] = 0;
        rgb[p * 3 + 1] = Math.round(120 * v * v);
        rgb[p * 3 + 2] = 150 + Math.round(105 * v);
      }
    }
  }
  // The colour scale bar at the top left.
  for (let y = 40; y < 120; y++) {
    const t = (y - 80) / 40;
    for (let x = 20; x < 30; x++) {
      const p = (y * WIDTH + x) * 3;
      rgb[p] = t < 0 ? Math.round(255 * -t) : 0;
      rgb[p + 1] = Math.round(120 * Math.abs(t) ** 2);
      rgb[p + 2] = t > 0 ? Math.round(255 * t) : 0;
    }
  }
  return rgb;
}

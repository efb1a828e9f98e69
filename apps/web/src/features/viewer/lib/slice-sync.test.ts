import { describe, expect, it } from 'vitest';
import { mprBlock, volumeOrder } from './mpr-eligibility';
import { nearestSlice, sliceGeometry, type InstanceGeometry } from './slice-geometry';
import { mapSlice, openingAnchor, syncMode } from './slice-sync';

const AXIAL = '1\\0\\0\\0\\1\\0';
/** n axial slices from z0, `step` mm apart (negative: head first, as CT often stores them). */
const axial = (n: number, z0: number, step: number, orientation = AXIAL): InstanceGeometry[] =>
  Array.from({ length: n }, (_, i) => ({
    numberOfFrames: 1,
    imageOrientationPatient: orientation,
    imagePositionPatient: [-100, -100, z0 + i * step],
  }));

describe('slice sync', () => {
  it('follows millimetres between parallel stacks of different thickness, from the anchor pair', () => {
    const current = sliceGeometry(axial(100, 0, -1.25), '1.2.3');
    const prior = sliceGeometry(axial(25, 0, -5), '9.9.9');
    expect(syncMode(current, prior)).toBe('position');
    const anchor = { source: 0, target: 0 };
    expect(mapSlice(current, prior, anchor, 0)).toBe(0);
    expect(mapSlice(current, prior, anchor, 4)).toBe(1); // −5 mm
    expect(mapSlice(current, prior, anchor, 40)).toBe(10); // −50 mm
    expect(mapSlice(current, prior, anchor, 99)).toBe(24); // −123.75 mm → −120, the last
    expect(mapSlice(prior, current, { source: 0, target: 0 }, 10)).toBe(40);
    // Re-anchored by the reader: prior slice 3 goes with current slice 0, the offset holds.
    expect(mapSlice(current, prior, { source: 0, target: 3 }, 8)).toBe(5);
  });

  it('agrees when one stack runs feet-first (opposite normal, stored the other way)', () => {
    const current = sliceGeometry(axial(50, 0, -2), null);
    const flipped = axial(50, -98, 2, '1\\0\\0\\0\\-1\\0'); // normal (0,0,−1), distances grow the other way
    const prior = sliceGeometry(flipped, null);
    expect(syncMode(current, prior)).toBe('position');
    expect(mapSlice(current, prior, { source: 0, target: 49 }, 10)).toBe(39);
  });

  it('falls back to index ratio when a stack has no positions or the planes differ', () => {
    const current = sliceGeometry(axial(101, 0, -1), null);
    const noPositions = sliceGeometry(
      axial(51, 0, -1).map((i) => ({ ...i, imagePositionPatient: null })),
      null,
    );
    const sagittal = sliceGeometry(axial(51, 0, 1, '0\\1\\0\\0\\0\\-1'), null);
    for (const other of [noPositions, sagittal]) {
      expect(syncMode(current, other)).toBe('ratio');
      expect(mapSlice(current, other, { source: 0, target: 0 }, 50)).toBe(25);
      expect(mapSlice(current, other, { source: 0, target: 0 }, 100)).toBe(50);
      expect(mapSlice(current, other, { source: 50, target: 10 }, 60)).toBe(15);
    }
  });

  it('opens a prior at the same place: by position in a shared frame of reference, else by relative place', () => {
    const current = sliceGeometry(axial(100, 0, -1), '1.2.3');
    expect(openingAnchor(current, sliceGeometry(axial(50, -20, -2), '1.2.3'), 40)).toEqual({ source: 40, target: 10 });
    expect(openingAnchor(current, sliceGeometry(axial(50, -20, -2), '4.5.6'), 99)).toEqual({ source: 99, target: 49 });
  });
});

describe('MPR eligibility', () => {
  const ct = (instances: InstanceGeometry[]) => sliceGeometry(instances);
  it('needs CT or MR, 50 slices, one orientation with even spacing, and WebGL', () => {
    expect(mprBlock({ modality: 'CT', geometry: ct(axial(50, 0, -1)), webgl: true })).toBeNull();
    expect(mprBlock({ modality: 'MR', geometry: ct(axial(60, 0, 3)), webgl: true })).toBeNull();
    expect(mprBlock({ modality: 'CR', geometry: ct(axial(60, 0, 1)), webgl: true })).toBe('modality');
    expect(mprBlock({ modality: 'CT', geometry: ct(axial(49, 0, 1)), webgl: true })).toBe('count');
    expect(mprBlock({ modality: 'CT', geometry: ct(axial(60, 0, 1)), webgl: false })).toBe('webgl');
    const gap = axial(60, 0, 1);
    gap[30]!.imagePositionPatient = [-100, -100, 45];
    expect(mprBlock({ modality: 'CT', geometry: ct(gap), webgl: true })).toBe('geometry');
    const mixed = [...axial(30, 0, 1), ...axial(30, 30, 1, '0\\1\\0\\0\\0\\-1')];
    expect(mprBlock({ modality: 'CT', geometry: ct(mixed), webgl: true })).toBe('geometry');
    const twice = [...axial(30, 0, 1), ...axial(30, 0, 1)];
    expect(mprBlock({ modality: 'CT', geometry: ct(twice), webgl: true })).toBe('geometry');
  });

  it('finds the stack slice through a point of the volume (leaving MPR)', () => {
    const g = sliceGeometry(axial(10, 0, -2.5));
    expect(nearestSlice(g, -11)).toBe(4);
    expect(nearestSlice(g, 40)).toBe(0);
  });

  it('orders the slices along the normal for the volume', () => {
    const shuffled = [2, 0, 1].map((i) => ({
      numberOfFrames: 1,
      imageOrientationPatient: AXIAL,
      imagePositionPatient: [0, 0, i * 2],
    }));
    expect(volumeOrder(sliceGeometry(shuffled))).toEqual([1, 2, 0]);
  });
});

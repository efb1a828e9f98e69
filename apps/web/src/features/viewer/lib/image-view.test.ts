import { describe, expect, it } from 'vitest';
import { hangingFlip, lettersOfVector, mammoViewOf, markersOf, scaleBar, spacingOf } from './image-view';

const axial = { imageOrientationPatient: '1\\0\\0\\0\\1\\0' };

describe('orientation markers', () => {
  it('reads an axial slice as R on the left, A on top, and follows flips and rotations', () => {
    expect(markersOf(axial, [1, 0], [0, 1])).toEqual({ top: 'A', right: 'L', bottom: 'P', left: 'R' });
    // Flipped left-right: one screen pixel right is one image column back.
    expect(markersOf(axial, [-1, 0], [0, 1])).toEqual({ top: 'A', right: 'R', bottom: 'P', left: 'L' });
    // Rotated 90° clockwise: screen right goes up the image, screen down goes right along the rows.
    expect(markersOf(axial, [0, -1], [1, 0])).toEqual({ top: 'R', right: 'A', bottom: 'L', left: 'P' });
  });

  it('gives oblique planes two letters and projection images their PatientOrientation', () => {
    expect(lettersOfVector([0.7, 0.7, 0])).toBe('LP');
    expect(markersOf({ imageOrientationPatient: null, patientOrientation: ['P', 'FL'] }, [1, 0], [0, 1])).toEqual({
      top: 'HR',
      right: 'P',
      bottom: 'FL',
      left: 'A',
    });
    expect(markersOf({ imageOrientationPatient: null }, [1, 0], [0, 1])).toBeNull();
  });
});

describe('scale bar', () => {
  it('prefers PixelSpacing, says when it is the detector spacing, and picks a round length that fits', () => {
    expect(spacingOf({ imageOrientationPatient: null, pixelSpacing: [0.5, 0.4] })).toEqual({
      down: 0.5,
      across: 0.4,
      source: 'PixelSpacing',
    });
    expect(spacingOf({ imageOrientationPatient: null, imagerPixelSpacing: [0.1, 0.1] })?.source).toBe(
      'ImagerPixelSpacing',
    );
    expect(scaleBar(2, 150)).toEqual({ mm: 50, px: 100 });
    expect(scaleBar(0, 150)).toBeNull();
  });
});

describe('mammography hanging', () => {
  const mg = (laterality: 'R' | 'L', viewPosition: string, po: [string, string]) => ({
    imageOrientationPatient: null,
    laterality,
    viewPosition,
    patientOrientation: po,
  });
  it('hangs the standard orientations as stored and mirrors the right breast stored chest wall left', () => {
    expect(hangingFlip(mg('R', 'CC', ['P', 'L']))).toEqual({ flipHorizontal: false, flipVertical: false });
    expect(hangingFlip(mg('L', 'MLO', ['A', 'FR']))).toEqual({ flipHorizontal: false, flipVertical: false });
    expect(hangingFlip(mg('R', 'MLO', ['A', 'FL']))).toEqual({ flipHorizontal: true, flipVertical: false });
    expect(hangingFlip(mg('L', 'CC', ['P', 'L']))).toEqual({ flipHorizontal: true, flipVertical: true });
    expect(mammoViewOf(mg('R', 'MLO', ['P', 'FL']))).toBe('RMLO');
    expect(mammoViewOf(mg('R', 'XCCL', ['P', 'FL']))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { egfrBedsideSchwartz, egfrCkdEpi2021, estimateEgfr } from './egfr';

describe(egfrCkdEpi2021.name, () => {
  // Values worked by hand from the published equation (and matching the NKF online calculator).
  it('gives the 2021 race-free estimate for men and women on both sides of kappa', () => {
    expect(egfrCkdEpi2021(1.0, 50, 'Male')).toBe(92);
    expect(egfrCkdEpi2021(0.8, 60, 'Female')).toBe(84);
    expect(egfrCkdEpi2021(0.6, 40, 'Female')).toBe(116);
    expect(egfrCkdEpi2021(2.5, 70, 'Male')).toBe(27);
  });
  it('falls as creatinine rises and as age rises', () => {
    expect(egfrCkdEpi2021(1.2, 50, 'Male')!).toBeLessThan(egfrCkdEpi2021(1.0, 50, 'Male')!);
    expect(egfrCkdEpi2021(1.0, 80, 'Male')!).toBeLessThan(egfrCkdEpi2021(1.0, 30, 'Male')!);
  });
  it('gives nothing without creatinine, for children, zero creatinine or unknown sex', () => {
    expect(egfrCkdEpi2021(null, 50, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(1, 12, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(0, 50, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(1, 50, 'Unknown')).toBeNull();
  });
});

describe(egfrBedsideSchwartz.name, () => {
  it('is 0.413 × height / creatinine for children', () => {
    // 0.413 × 120 / 0.5 = 99.12; 0.413 × 150 / 0.8 = 77.44
    expect(egfrBedsideSchwartz(0.5, 120, 7)).toBe(99);
    expect(egfrBedsideSchwartz(0.8, 150, 14)).toBe(77);
  });
  it('gives nothing for adults, infants, or an implausible height', () => {
    expect(egfrBedsideSchwartz(0.5, 120, 18)).toBeNull();
    expect(egfrBedsideSchwartz(0.5, 60, 0)).toBeNull();
    expect(egfrBedsideSchwartz(0.5, 12, 7)).toBeNull();
    expect(egfrBedsideSchwartz(0, 120, 7)).toBeNull();
  });
});

describe(estimateEgfr.name, () => {
  const base = { creatinineMgDl: 1.0, ageYears: 50, sex: 'Male', heightCm: null };
  it('uses CKD-EPI 2021 for adults and bedside Schwartz for children with a height', () => {
    expect(estimateEgfr(base)).toEqual({ value: 92, method: 'ckd-epi-2021' });
    expect(estimateEgfr({ ...base, creatinineMgDl: 0.5, ageYears: 7, heightCm: 120 })).toEqual({
      value: 99,
      method: 'bedside-schwartz',
    });
  });
  it('names what is missing, or an infant', () => {
    expect(estimateEgfr({ ...base, creatinineMgDl: null })).toEqual({ value: null, gap: 'creatinine' });
    expect(estimateEgfr({ ...base, ageYears: null })).toEqual({ value: null, gap: 'age' });
    expect(estimateEgfr({ ...base, sex: 'Unknown' })).toEqual({ value: null, gap: 'sex' });
    expect(estimateEgfr({ ...base, ageYears: 4 })).toEqual({ value: null, gap: 'height' });
    expect(estimateEgfr({ ...base, ageYears: 0, heightCm: 60 })).toEqual({ value: null, gap: 'infant' });
  });
});

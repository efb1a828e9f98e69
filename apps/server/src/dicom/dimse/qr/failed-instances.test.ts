import { describe, expect, it } from 'vitest';
import { TS } from '../../uids';
import { failedInstancesIdentifier } from './failed-instances';

describe(failedInstancesIdentifier.name, () => {
  it('lists the failed instances, and stops before the value passes what an explicit VR UI length can say', () => {
    const few = ['1.2.3', '1.2.4'];
    expect(failedInstancesIdentifier(few, TS.explicitLE).getElement('FailedSOPInstanceUIDList')).toEqual(few);
    // 2,000 UIDs of 64 characters: about 130 KB joined, twice the 16-bit length of an explicit VR UI value.
    const many = Array.from({ length: 2000 }, (_, i) => `1.2.${String(i).padStart(4, '0')}.${'9'.repeat(55)}`);
    const ds = failedInstancesIdentifier(many, TS.explicitLE);
    const kept = [ds.getElement('FailedSOPInstanceUIDList')].flat() as string[];
    expect(kept).toEqual(many.slice(0, kept.length));
    expect(kept.join('\\').length).toBeLessThanOrEqual(0xfffe);
    expect(kept.length).toBe(Math.floor((0xfffe + 1) / 65));
    // dcmjs writes it: the encoded data set is well-formed explicit VR little endian.
    const bytes = Buffer.from(ds.getDenaturalizedDataset());
    expect(bytes.readUInt16LE(0)).toBe(0x0008);
    expect(bytes.readUInt16LE(2)).toBe(0x0058);
    expect(bytes.toString('latin1', 4, 6)).toBe('UI');
    expect(bytes.readUInt16LE(6)).toBe(bytes.length - 8);
  });
});

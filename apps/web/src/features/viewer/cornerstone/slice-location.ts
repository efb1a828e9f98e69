/** The file's attributes as Cornerstone names them (its "instance" module); only what the overlay reads. */
export interface InstanceModule {
  SliceLocation?: unknown;
}

/**
 * Slice Location (0020,1041) when the file has one. Cornerstone's image plane module answers 0 for a file without it
 * (an ultrasound, a mammogram, a scout), which the overlay would show as a position it does not have.
 */
export function sliceLocationOf(instance: InstanceModule | undefined): number | null {
  const raw = Array.isArray(instance?.SliceLocation)
    ? (instance.SliceLocation as unknown[])[0]
    : instance?.SliceLocation;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

import { useQuery } from '@tanstack/react-query';

/**
 * Thai provinces → districts → sub-districts with postcodes (thai-address-universal: 77 provinces, 7,498 rows,
 * Thai and English names and official geocodes). Loaded on first use, in its own chunk, and kept for the session.
 */
export interface AddressUnit {
  nameTh: string;
  nameEn: string;
  code: string;
  postalCode?: string;
}

const load = () => import('thai-address-universal');
const forever = { staleTime: Infinity, gcTime: Infinity, retry: 1, meta: { errorAlert: false } } as const;

export function useProvinces() {
  return useQuery({
    queryKey: ['thai-address', 'provinces'],
    queryFn: async (): Promise<AddressUnit[]> => (await load()).getProvinces(),
    ...forever,
  });
}

export function useDistricts(provinceCode: string | undefined) {
  return useQuery({
    queryKey: ['thai-address', 'districts', provinceCode],
    queryFn: async (): Promise<AddressUnit[]> => (await load()).getDistricts(provinceCode!),
    enabled: Boolean(provinceCode),
    ...forever,
  });
}

export function useSubDistricts(districtCode: string | undefined) {
  return useQuery({
    queryKey: ['thai-address', 'subDistricts', districtCode],
    queryFn: async (): Promise<AddressUnit[]> => (await load()).getSubDistricts(districtCode!),
    enabled: Boolean(districtCode),
    ...forever,
  });
}

/** Names as people write them: "จ.", "จังหวัด", "อ.", "เขต", "ต.", "แขวง" prefixes are not part of the name. */
export function normalizeUnitName(name: string): string {
  return name.trim().replace(/^(จังหวัด|จ\.|อำเภอ|อ\.|เขต|ตำบล|ต\.|แขวง)\s*/, '');
}

export function findUnit(units: readonly AddressUnit[] | undefined, name: string): AddressUnit | undefined {
  const wanted = normalizeUnitName(name);
  if (!wanted || !units) return undefined;
  return units.find((u) => u.nameTh === wanted || u.nameEn.toLowerCase() === wanted.toLowerCase());
}

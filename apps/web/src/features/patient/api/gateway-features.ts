import { queryOptions, useQuery } from '@tanstack/react-query';

/** What the HIS gateway names in its features when it can look patients up by HN (spec §7 Gateway; decision WS12). */
export const HN_IMPORT_FEATURE = 'PATIENT_HN_IMPORT';

/** A gateway that does not answer this fast is taken to offer nothing (the Import button stays hidden). */
const FEATURES_TIMEOUT_MS = 3_000;

/** The capability words of a features answer (plain text: words separated by commas, spaces or lines). */
export function parseGatewayFeatures(text: string): Set<string> {
  return new Set(
    text
      .split(/[^A-Za-z0-9_]+/)
      .map((word) => word.trim().toUpperCase())
      .filter(Boolean),
  );
}

/** GET {gateway}features (spec §7): read once per gateway address and kept; an error or time-out is "nothing". */
export function gatewayFeaturesQueryOptions(gatewayUrl: string | null) {
  return queryOptions({
    queryKey: ['gateway', 'features', gatewayUrl],
    enabled: gatewayUrl !== null,
    queryFn: async ({ signal }) => {
      try {
        const res = await fetch(`${gatewayUrl}features`, {
          credentials: 'omit',
          signal: AbortSignal.any([signal, AbortSignal.timeout(FEATURES_TIMEOUT_MS)]),
        });
        return res.ok ? [...parseGatewayFeatures(await res.text())] : [];
      } catch {
        return [];
      }
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** Spec §2: the HN import is offered only when the gateway says it can do it. */
export function useGatewayHnImport(gatewayUrl: string | null): boolean {
  const features = useQuery(gatewayFeaturesQueryOptions(gatewayUrl));
  return features.data?.includes(HN_IMPORT_FEATURE) ?? false;
}

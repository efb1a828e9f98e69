import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

/** GET /api/hospital/{id}/privilages/{pid}/pricing: productId → price (baht) under the privilege. */
export function usePrivilegePricing(hospitalId: number | null, privilegeId: number | null) {
  return useQuery({
    queryKey: ['requests', 'pricing', hospitalId, privilegeId],
    queryFn: async ({ signal }) => {
      const rows = await apiRequest<{ productId: number; price: number }[]>(
        `/api/hospital/${hospitalId}/privilages/${privilegeId}/pricing`,
        { signal },
      );
      return new Map(rows.map((r) => [r.productId, r.price]));
    },
    enabled: hospitalId !== null && privilegeId !== null,
    staleTime: 5 * 60_000,
  });
}

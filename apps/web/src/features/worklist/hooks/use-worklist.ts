import type { Exam } from '@rangsi/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchExams } from '../api/search-exams';
import type { WorklistCapabilities } from '../lib/worklist-capabilities';
import { useHashAccession } from './use-hash-accession';
import { useWorklistFilters } from './use-worklist-filters';

type HashPhase = 'idle' | 'locate' | 'lookup';

/**
 * The worklist's search: the panel's state, the query, a Doctor's client tab (spec §2: first tab = most open
 * records) and the URL hash's accession (spec §2). A hash names a row to highlight; when that row is not on the
 * page, the accession is looked up on its own once — later searches by the user are left alone.
 */
export function useWorklist(can: WorklistCapabilities, onLocated: (row: Exam) => void) {
  const state = useWorklistFilters();
  const query = useSearchExams(state.run);
  const hashAccession = useHashAccession();

  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const clients = useMemo(() => query.data?.clients ?? [], [query.data]);
  const settled = query.isSuccess && !query.isPlaceholderData;
  const showTabs = can.clientTabs && clients.length > 1;
  const clientValid = state.run.clientId !== undefined && clients.some((c) => c.clientId === state.run.clientId);
  const pickClient = settled && showTabs && !clientValid;
  const dropClient = settled && can.clientTabs && !showTabs && state.run.clientId !== undefined;
  const resolving = pickClient || dropClient;

  const { setClient, searchAccession } = state;
  useEffect(() => {
    if (pickClient) {
      // The hash's exam decides the tab when it is among the rows; otherwise the client with most open records.
      const preferred = hashAccession ? rows.find((r) => r.accessionNumber === hashAccession)?.clientId : undefined;
      const first = clients[0];
      const target = preferred != null && clients.some((c) => c.clientId === preferred) ? preferred : first?.clientId;
      if (target !== undefined) setClient(target);
    } else if (dropClient) {
      setClient(undefined);
    }
  }, [pickClient, dropClient, rows, clients, hashAccession, setClient]);

  const phase = useRef<HashPhase>('idle');
  useEffect(() => {
    phase.current = hashAccession ? 'locate' : 'idle';
  }, [hashAccession]);

  const located = useRef(onLocated);
  useEffect(() => {
    located.current = onLocated;
  }, [onLocated]);

  useEffect(() => {
    if (phase.current === 'idle' || !settled || resolving) return;
    const row = rows.find((r) => r.accessionNumber === hashAccession);
    if (row) {
      phase.current = 'idle';
      located.current(row);
    } else if (phase.current === 'locate') {
      phase.current = 'lookup';
      searchAccession(hashAccession);
    } else {
      phase.current = 'idle';
    }
  }, [settled, resolving, rows, hashAccession, searchAccession]);

  return {
    state,
    query,
    rows,
    total: query.data?.total ?? 0,
    clients,
    showTabs,
    resolving,
    hashAccession,
  };
}

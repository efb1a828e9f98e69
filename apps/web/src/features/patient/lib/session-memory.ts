import type { PatientSearch } from '@rangsi/contract';
import type { CardData } from './card-data';

/**
 * What the patient screens remember between their own pages while the tab is open: the last search (coming back
 * from the form shows the same results, and add-new stays enabled, spec §2) and the card just read by a search
 * that found nobody (spec §4: importbycard uses the cached card data). In memory only: never patient data in storage.
 */
let lastSearch: PatientSearch | null = null;
let lastCard: CardData | null = null;

export function rememberSearch(search: PatientSearch): void {
  lastSearch = search;
}

export function recallSearch(): PatientSearch | null {
  return lastSearch;
}

export function rememberCard(card: CardData | null): void {
  lastCard = card;
}

/** The cached card, handed over once. */
export function takeCard(): CardData | null {
  const card = lastCard;
  lastCard = null;
  return card;
}

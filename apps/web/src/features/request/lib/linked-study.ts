import type { TFunction } from 'i18next';

/** What became of the unmatched study's images a request was made for. */
export type LinkedStudy = { ok: true; accession: string | null } | { ok: false; reason: string };

/** The saved message's words for a linked study. */
export function linkedText(linked: LinkedStudy | null, t: TFunction): string {
  if (!linked) return '';
  return linked.ok
    ? t('request.form.studyLinked', { accession: linked.accession ?? '' })
    : t('request.form.studyNotLinked', { reason: linked.reason });
}

import { isPacsReportName, RADIOLOGY_REPORT_NAME, reportNameLabel } from '@rangsi/domain';

export interface ReportTab {
  /** The name as the report list spells it (the route carries it). */
  name: string;
  /** The tab's label: the name without its file extension (spec §2). */
  label: string;
  /** Spec §2: with several PACS reports, the ones after the first are greyed. */
  greyed: boolean;
}

/**
 * The report names of GET /api/reports/reportlist, whatever shape an entry has (a name, or a report with
 * reportName); the radiology report alone when the list is empty or cannot be read.
 */
export function reportListNames(data: unknown): string[] {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { reports?: unknown } | null)?.reports)
      ? (data as { reports: unknown[] }).reports
      : [];
  const names = list
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : typeof (entry as { reportName?: unknown } | null)?.reportName === 'string'
          ? (entry as { reportName: string }).reportName
          : null,
    )
    .filter((name): name is string => Boolean(name && name.trim()));
  const unique = [...new Set(names)];
  return unique.length > 0 ? unique : [RADIOLOGY_REPORT_NAME];
}

/** Tabs in list order; PACS reports after the first PACS one are greyed when there are several. */
export function reportTabs(names: readonly string[]): ReportTab[] {
  const pacs = names.filter(isPacsReportName);
  return names.map((name) => ({
    name,
    label: reportNameLabel(name),
    greyed: pacs.length > 1 && isPacsReportName(name) && name !== pacs[0],
  }));
}

/** The tab a route names, or the first one when it names none (or one not in the list). */
export function selectedTab(tabs: readonly ReportTab[], routeName: string | undefined): ReportTab | undefined {
  if (!routeName) return tabs[0];
  return (
    tabs.find((t) => t.name === routeName) ??
    tabs.find((t) => t.label === reportNameLabel(routeName)) ?? {
      name: routeName,
      label: reportNameLabel(routeName),
      greyed: false,
    }
  );
}

/** Spec §2: selecting a tab pushes the route with the report name and keeps the query string. */
export function reportTabPath(examId: string, name: string, search: string): string {
  return `/report/${encodeURIComponent(examId)}/${encodeURIComponent(name)}${search}`;
}

/** Spec §9: exam page size; pages start at 1 and there is no page-size choice. */
export const WORKLIST_PAGE_SIZE = 50;

/** Spec §4/§9: the auto-refresh countdown, restarted by every search. */
export const AUTO_REFRESH_SECONDS = 300;

/** Spec §2/§9: the count-down column is recomputed against the clock this often. */
export const CLOCK_REFRESH_MS = 30_000;

/** Spec §9: default exam search window and the quick ranges. */
export const DEFAULT_RANGE_DAYS = 3;
export const QUICK_RANGE_DAYS = [7, 14] as const;

/**
 * Spec §5: the specific, on-duty and chain checkboxes of the assign dialog are hidden for the users of one
 * particular branch, whose id the spec does not give. null hides them for nobody; set the branch id here once
 * it is known. Compared with the exam's branch (see shouldHideAssignFlags), because /api/me does not say
 * which branch the user belongs to.
 */
export const HIDE_ASSIGN_FLAGS_BRANCH_ID: number | null = null;

/** Spec §5: document uploads accept these extensions; file uploads accept any type. */
export const DOCUMENT_EXTENSIONS = [
  '.jpg',
  '.tiff',
  '.pdf',
  '.png',
  '.doc',
  '.docx',
  '.ppt',
  '.pptx',
  '.xls',
  '.xlsx',
  '.jpeg',
  '.txt',
] as const;

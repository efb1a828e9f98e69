import type { CostType } from '@rangsi/contract';

/** The exam-fee types in words (never the wire's cash / cheque on screen). */
export const COST_TYPE_TEXT: Record<CostType, string> = {
  cash: 'เงินสด (Cash)',
  cheque: 'เช็ค (Cheque)',
};

/** The same in a table cell, Thai only (the heading carries the English). */
export const COST_TYPE_SHORT: Record<CostType, string> = { cash: 'เงินสด', cheque: 'เช็ค' };

import { createNoticeStore, type Notice, type NoticeSeverity } from '@/lib/notice-store';

/**
 * Short notices of the patient screens; a notice raised on the form survives the navigation back to the search page
 * (spec §4: after saving, "Sucess" and /patient).
 */
const store = createNoticeStore();

export type PatientNotice = Notice;
export const showPatientNotice = (text: string, severity?: NoticeSeverity): void => store.show(text, severity);
export const dismissPatientNotice = store.dismiss;
export const usePatientNotice = store.useNotice;

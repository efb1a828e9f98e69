import { createNoticeStore } from '@/lib/notice-store';

/** The worklist's short success snackbar after an action (its dialogs and mutations announce here). */
const store = createNoticeStore();

export const announceSuccess = (text: string): void => store.show(text);
export const dismissSuccess = store.dismiss;
export const useSuccessMessage = store.useNotice;

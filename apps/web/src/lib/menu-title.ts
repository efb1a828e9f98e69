import type { MenuItem } from '@rangsi/contract';

/** The server sends both titles; Thai unless the user switched to English. */
export function menuTitle(item: Pick<MenuItem, 'title' | 'titleEn'>, language: string | undefined): string {
  return language === 'en' && item.titleEn ? item.titleEn : item.title;
}

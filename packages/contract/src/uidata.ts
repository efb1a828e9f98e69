import { z } from 'zod';

export interface MenuItem {
  id: number;
  permissionCode: string;
  title: string;
  titleEn: string;
  newWindow: boolean;
  subMenu: MenuItem[];
}

/** Menu item of spec §3: id, permissionCode, title, subMenu (plus the English title and new-window flag). */
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    permissionCode: z.string(),
    title: z.string(),
    titleEn: z.string(),
    newWindow: z.boolean(),
    subMenu: z.array(MenuItemSchema),
  }),
);

/** Site config of spec §3. */
export const SiteConfigSchema = z.object({
  siteName: z.string(),
  lineLoginDialogUrl: z.string().nullable(),
  /** The workstation's CD download helper (spec §7), the Rangsi Helper's `cd/` by default; null: not offered. */
  cdHelperUrl: z.string().nullable(),
  /** The workstation's RadiAnt viewer helper (spec §7), the Rangsi Helper's `radiant/` by default; null: not offered. */
  radiantHelperUrl: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

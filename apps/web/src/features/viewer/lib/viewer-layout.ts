/** One layout at a time: the series alone, beside a prior (1×2), or as three planes. */
export type ViewerLayout = 'single' | 'compare' | 'mpr';

/** What a query or mutation tells the global error handling about itself. */
export interface RangsiQueryMeta extends Record<string, unknown> {
  /** false: the screen shows this failure itself, so no global error alert. */
  errorAlert?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RangsiQueryMeta;
    mutationMeta: RangsiQueryMeta;
  }
}

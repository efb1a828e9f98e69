declare module 'dcmjs/dictionary' {
  /** dcmjs's standard data dictionary, keyed "(GGGG,EEEE)" (upper-case hex); private tags carry their creator. */
  const dictionary: Record<string, { tag: string; vr: string; name: string; vm: string; version: string }>;
  export default dictionary;
}

import Box from '@mui/material/Box';

interface BilingualTextProps {
  text: string;
  /** The spec's English label; shown after the Thai in a lighter tone, or not at all when it is the same text. */
  english?: string;
}

/** "ค้นหา Search": Thai first, the spec's English label beside it, as the product has always been labelled. */
export function BilingualText({ text, english }: BilingualTextProps) {
  if (!english || english === text) return <>{text}</>;
  return (
    <>
      {text}
      <Box component="span" lang="en" sx={{ ml: 0.6, opacity: 0.75, fontWeight: 500 }}>
        {english}
      </Box>
    </>
  );
}

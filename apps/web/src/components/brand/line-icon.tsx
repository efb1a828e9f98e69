import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A chat bubble with the LINE wordmark shape, for the chat-account link (spec §1). */
export function LineIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props} viewBox="0 0 24 24">
      <path d="M12 3C6.5 3 2 6.6 2 11.1c0 4 3.6 7.4 8.4 8 .3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6 1.1-.5 6-3.5 8.2-6.1 1.5-1.6 2.2-3.3 2.2-5C22.5 6.6 17.5 3 12 3Zm-5 10.7H5a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 1 0v3.7H7a.5.5 0 0 1 0 1Zm2-.5a.5.5 0 0 1-1 0V9a.5.5 0 0 1 1 0v4.2Zm4.9 0a.5.5 0 0 1-.9.3l-2-2.7v2.4a.5.5 0 0 1-1 0V9a.5.5 0 0 1 .9-.3l2 2.7V9a.5.5 0 0 1 1 0v4.2Zm3.3-2.6a.5.5 0 0 1 0 1h-1.5v1.1h1.5a.5.5 0 0 1 0 1h-2a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 .5-.5h2a.5.5 0 0 1 0 1h-1.5v1.1h1.5Z" />
    </SvgIcon>
  );
}

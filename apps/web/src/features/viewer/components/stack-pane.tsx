import Box from '@mui/material/Box';
import type { Types } from '@cornerstonejs/core';
import type { RefObject } from 'react';
import { scrollTo } from '../cornerstone/viewport-actions';
import type { StackState } from '../hooks/use-stack-viewer';
import { SliceSlider } from './slice-slider';
import { ViewerOverlay, type OverlayPatient } from './viewer-overlay';
import { ViewportMessage } from './viewport-message';

interface StackPaneProps {
  elementRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<Types.IStackViewport | null>;
  state: StackState;
  patient: OverlayPatient | null;
  /** The viewport element's test id ("viewport" for the current exam, "viewport-prior" beside it). */
  testId: string;
  caption?: string;
  /** Outlined as the pane the keyboard and toolbar act on (only drawn in the 1×2 layout). */
  highlighted?: boolean;
  message?: { text: string; testId: string } | null;
  /** The reader touched this pane (pointer, wheel, focus): it becomes the active one. */
  onActivate?: () => void;
}

/** One stack: the Cornerstone element, the four-corner overlay, a message in place of the image, the slider. */
export function StackPane({
  elementRef,
  viewportRef,
  state,
  patient,
  testId,
  caption,
  highlighted = false,
  message = null,
  onActivate,
}: StackPaneProps) {
  return (
    <Box
      sx={{ position: 'relative', flex: 1, minWidth: 0, display: 'flex' }}
      onPointerDownCapture={onActivate}
      onWheelCapture={onActivate}
      onFocusCapture={onActivate}
      data-testid={`${testId}-pane`}
      data-active={highlighted ? 'true' : undefined}
    >
      <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
        <Box
          ref={elementRef}
          data-testid={testId}
          tabIndex={0}
          onContextMenu={(e) => e.preventDefault()}
          sx={{ position: 'absolute', inset: 0, outline: 'none' }}
        />
        {state.ready ? <ViewerOverlay patient={patient} stack={state} caption={caption} /> : null}
        {message ? <ViewportMessage text={message.text} testId={message.testId} /> : null}
        {highlighted ? (
          <Box sx={{ position: 'absolute', inset: 0, border: 2, borderColor: 'primary.main', pointerEvents: 'none' }} />
        ) : null}
      </Box>
      <SliceSlider
        index={state.index}
        count={state.count}
        onChange={(i) => {
          onActivate?.();
          if (viewportRef.current) scrollTo(viewportRef.current, i);
        }}
      />
    </Box>
  );
}

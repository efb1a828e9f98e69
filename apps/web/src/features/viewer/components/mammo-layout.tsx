import Box from '@mui/material/Box';
import type { Types } from '@cornerstonejs/core';
import { useEffect, useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { HungImage, MammoViews } from '../api/mammo-views';
import { useStackViewer } from '../hooks/use-stack-viewer';
import { hangingFlip, MAMMO_VIEWS, type MammoView } from '../lib/image-view';
import { overlayDate, ViewerOverlay, type OverlayPatient } from './viewer-overlay';
import { ViewportMessage } from './viewport-message';

/** What the workspace's commands need of a hung viewport. */
export interface MammoPaneHandle {
  viewportRef: RefObject<Types.IStackViewport | null>;
  elementRef: RefObject<HTMLDivElement | null>;
  toolGroupId: string;
}

export interface MammoBlock {
  /** "current" or "prior": the viewports' test ids are mammo-{block}-{view}. */
  id: 'current' | 'prior';
  views: MammoViews;
  patient: OverlayPatient | null;
  caption: string | null;
}

interface PaneProps {
  id: string;
  view: MammoView;
  image: HungImage | undefined;
  patient: OverlayPatient | null;
  active: boolean;
  onActivate: (id: string) => void;
  register: (id: string, handle: MammoPaneHandle | null) => void;
}

/** One view, mirrored as it hangs (chest wall towards the middle), with its overlay. */
function MammoPane({ id, view, image, patient, active, onActivate, register }: PaneProps) {
  const { t } = useTranslation();
  const stack = useMemo(
    () => (image ? { imageIds: [image.imageId], infos: [image.info], presentation: hangingFlip(image.info) } : null),
    [image],
  );
  const viewer = useStackViewer(stack);
  const { elementRef, viewportRef, toolGroupId } = viewer;
  const ready = viewer.state.ready;
  useEffect(() => {
    if (!ready) return undefined;
    register(id, { elementRef, viewportRef, toolGroupId });
    return () => register(id, null);
  }, [ready, id, register, elementRef, viewportRef, toolGroupId]);
  return (
    <Box
      sx={{ position: 'relative', minWidth: 0, minHeight: 0, bgcolor: 'common.black' }}
      onPointerDownCapture={() => onActivate(id)}
      onWheelCapture={() => onActivate(id)}
      data-testid={`${id}-pane`}
      data-active={active ? 'true' : undefined}
    >
      <Box
        ref={elementRef}
        data-testid={id}
        data-view={view}
        tabIndex={0}
        onContextMenu={(e) => e.preventDefault()}
        sx={{ position: 'absolute', inset: 0, outline: 'none' }}
      />
      {viewer.state.ready ? <ViewerOverlay patient={patient} stack={viewer.state} /> : null}
      {!image ? <ViewportMessage text={t('viewer.mammo.missing', { view })} testId={`${id}-missing`} /> : null}
      {active ? (
        <Box sx={{ position: 'absolute', inset: 0, border: 2, borderColor: 'primary.main', pointerEvents: 'none' }} />
      ) : null}
    </Box>
  );
}

/**
 * Decision V16, the mammography hanging: the four screening views two by two (CC above, MLO below; right breast on
 * the left of the screen), each mirrored so the chest walls face each other; with a prior, the prior's four-up beside
 * the current one.
 */
export function MammoLayout({
  blocks,
  active,
  onActivate,
  register,
}: {
  blocks: MammoBlock[];
  active: string;
  onActivate: (id: string) => void;
  register: (id: string, handle: MammoPaneHandle | null) => void;
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', gap: '4px', bgcolor: 'divider' }} data-testid="mammo-layout">
      {blocks.map((block) => (
        <Box
          key={block.id}
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'common.black' }}
          data-testid={`mammo-${block.id}`}
        >
          {block.caption ? (
            <Box
              sx={{ px: 1, py: 0.25, typography: 'caption', fontWeight: 600, color: 'grey.100', textAlign: 'center' }}
              data-testid={`mammo-${block.id}-caption`}
            >
              {block.caption}
            </Box>
          ) : null}
          <Box
            sx={{
              flex: 1,
              minHeight: 0,
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gridTemplateRows: '1fr 1fr',
              gap: '2px',
              bgcolor: 'divider',
            }}
          >
            {MAMMO_VIEWS.map((view, i) => {
              const id = `mammo-${block.id}-${view}`;
              return (
                <MammoPane
                  key={id}
                  id={id}
                  view={view}
                  image={block.views[view]}
                  patient={i === 0 ? block.patient : null}
                  active={active === id}
                  onActivate={onActivate}
                  register={register}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The caption of a block: current or prior, with the exam's date. */
export function mammoCaption(kind: string, date: string | null | undefined): string {
  return `${kind} ${overlayDate(date)}`.trim();
}

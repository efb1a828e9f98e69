import { init as initCore } from '@cornerstonejs/core';
import { init as initImageLoader } from '@cornerstonejs/dicom-image-loader';
import {
  AngleTool,
  CrosshairsTool,
  EllipticalROITool,
  LengthTool,
  PanTool,
  RectangleROITool,
  StackScrollTool,
  WindowLevelTool,
  ZoomTool,
  addTool,
  init as initTools,
} from '@cornerstonejs/tools';
import { chooseRendering, type RenderChoice } from './render-mode';

let started: Promise<void> | null = null;
let choice: RenderChoice | null = null;

/** Why Cornerstone draws on the CPU or on WebGL (shown as data-rendering on the viewer, for support and the bench). */
export function renderingChoice(): RenderChoice | null {
  return choice;
}

/**
 * Cornerstone3D, its DICOM loader (codecs in web workers) and the tools, once per page. WebGL only on a graphics card:
 * software WebGL (SwiftShader, llvmpipe) draws slower than Cornerstone's CPU path (decision V14; override in
 * render-mode.ts).
 */
export function initCornerstone(): Promise<void> {
  started ??= (async () => {
    const c = chooseRendering();
    choice = c.why;
    initCore({ debug: {}, rendering: { useCPURendering: c.cpu } });
    // Every transfer syntax is decoded in workers; two cores are common on branch PCs, four is plenty anywhere.
    initImageLoader({ maxWebWorkers: Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)) });
    initTools();
    for (const tool of [
      WindowLevelTool,
      PanTool,
      ZoomTool,
      StackScrollTool,
      LengthTool,
      AngleTool,
      RectangleROITool,
      EllipticalROITool,
      CrosshairsTool,
    ])
      addTool(tool);
  })();
  return started;
}

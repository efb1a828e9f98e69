import { init as initCore } from '@cornerstonejs/core';
import { init as initImageLoader } from '@cornerstonejs/dicom-image-loader';
import {
  AngleTool, CrosshairsTool, EllipticalROITool, LengthTool, PanTool, RectangleROITool, StackScrollTool, WindowLevelTool, ZoomTool,
  addTool, init as initTools,
} from '@cornerstonejs/tools';

/**
 * Set with localStorage 'rangsi.viewer.cpu' = '1': draws without WebGL. Software WebGL (a reading station without a
 * GPU, headless tests) is slower than Cornerstone's CPU path; without WebGL at all Cornerstone falls back by itself.
 */
function wantsCpuRendering(): boolean {
  try {
    return localStorage.getItem('rangsi.viewer.cpu') === '1';
  } catch {
    return false;
  }
}

let started: Promise<void> | null = null;

/** Cornerstone3D, its DICOM loader (codecs in web workers) and the tools, once per page. */
export function initCornerstone(): Promise<void> {
  started ??= (async () => {
    initCore({ debug: {}, rendering: { useCPURendering: wantsCpuRendering() } });
    // Every transfer syntax is decoded in workers; two cores are common on branch PCs, four is plenty anywhere.
    initImageLoader({ maxWebWorkers: Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)) });
    initTools();
    for (const tool of [WindowLevelTool, PanTool, ZoomTool, StackScrollTool, LengthTool, AngleTool, RectangleROITool, EllipticalROITool, CrosshairsTool]) addTool(tool);
  })();
  return started;
}

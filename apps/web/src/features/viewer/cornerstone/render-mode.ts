/** Renderer names of WebGL drawn in software: slower than Cornerstone's CPU path (decision V14). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render driver|mesa offscreen/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

export type RenderChoice = 'cpu-chosen' | 'webgl-chosen' | 'no-webgl' | 'software-webgl' | 'gpu';

/**
 * localStorage 'rangsi.viewer.cpu': '1' always draws on the CPU, '0' always on WebGL (tests of MPR on a machine without
 * a GPU); otherwise WebGL only when it runs on a graphics card, as reported by WEBGL_debug_renderer_info.
 */
export function chooseRendering(): { cpu: boolean; why: RenderChoice } {
  let setting: string | null = null;
  try {
    setting = localStorage.getItem('rangsi.viewer.cpu');
  } catch {
    // Storage blocked: decide by the hardware.
  }
  if (setting === '1') return { cpu: true, why: 'cpu-chosen' };
  if (setting === '0') return { cpu: false, why: 'webgl-chosen' };
  const renderer = webglRenderer();
  if (renderer === null) return { cpu: true, why: 'no-webgl' };
  return isSoftwareRenderer(renderer) ? { cpu: true, why: 'software-webgl' } : { cpu: false, why: 'gpu' };
}

/** The unmasked renderer string of a throw-away WebGL context, '' when hidden, null without WebGL. */
function webglRenderer(): string | null {
  try {
    const canvas = document.createElement('canvas');
    const gl: WebGLRenderingContext | null = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

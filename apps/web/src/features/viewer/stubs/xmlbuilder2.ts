/**
 * Stands in for xmlbuilder2 in the build (vite.config.ts alias): only vtk.js's XML reader and writer import it, and the
 * viewer never reads or writes VTK XML files. Saves ~0.9 MB of the viewer chunk (docs/stack-notes.md "Viewer", decision V14).
 */
export function create(): never {
  throw new Error('xmlbuilder2 is not part of the viewer build (VTK XML files are not used)');
}

import { describe, expect, it } from 'vitest';
import { weasisLaunchUrl, weasisManifestUrl } from './weasis-launch';

describe(weasisLaunchUrl.name, () => {
  it('encodes the $dicom:get -w command the way Weasis documents it', () => {
    // The example of Weasis's protocol page, character for character.
    expect(weasisLaunchUrl('https://nroduit.github.io/demo-archive/Lumbar/mf.xml')).toBe(
      'weasis://%24dicom%3Aget+-w+%22https%3A%2F%2Fnroduit.github.io%2Fdemo-archive%2FLumbar%2Fmf.xml%22',
    );
  });

  it('carries the manifest URL with its token, decoded back exactly by a form decoder', () => {
    const manifest = weasisManifestUrl('https://rangsi.example:8443', '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', 'Ab_9-x');
    expect(manifest).toBe('https://rangsi.example:8443/weasis/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b?token=Ab_9-x');
    const launch = weasisLaunchUrl(manifest);
    expect(launch.startsWith('weasis://')).toBe(true);
    expect(launch).not.toMatch(/[ "?&=]/);
    const command = decodeURIComponent(launch.slice('weasis://'.length).replace(/\+/g, ' '));
    expect(command).toBe(`$dicom:get -w "${manifest}"`);
  });
});

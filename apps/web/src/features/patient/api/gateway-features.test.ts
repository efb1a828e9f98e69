import { describe, expect, it } from 'vitest';
import { HN_IMPORT_FEATURE, parseGatewayFeatures } from './gateway-features';

describe('the gateway features answer (spec §7 Gateway: GET features)', () => {
  it('reads the capability words whatever separates them', () => {
    expect(parseGatewayFeatures('PATIENT_HN_IMPORT')).toEqual(new Set([HN_IMPORT_FEATURE]));
    expect(parseGatewayFeatures('hl7_oru, patient_hn_import\nOTHER')).toEqual(
      new Set(['HL7_ORU', HN_IMPORT_FEATURE, 'OTHER']),
    );
  });

  it('finds nothing in an empty answer or in a word that only contains the feature', () => {
    expect(parseGatewayFeatures('').size).toBe(0);
    expect(parseGatewayFeatures('NO_PATIENT_HN_IMPORT').has(HN_IMPORT_FEATURE)).toBe(false);
  });
});

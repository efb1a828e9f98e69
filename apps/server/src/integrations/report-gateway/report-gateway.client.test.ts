import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOruR01, oruSectionsOf } from '@rangsi/domain';
import {
  startGatewaySimulator,
  type GatewaySimulator,
  type GatewayState,
} from '../../../../simulators/src/gateway-simulator';
import { HttpReportGatewayClient } from './report-gateway.client';

const oru = (controlId: string) =>
  buildOruR01({
    controlId,
    sentAt: new Date('2026-11-26T05:00:00Z'),
    sendingFacility: 'B1',
    receivingFacility: 'H1',
    patient: { hn: 'T0001', firstName: 'ทดสอบ', lastName: 'ระบบ', gender: 'Female' },
    order: {
      accessionNumber: 'ACC-1',
      examCode: 'CT_BRAIN',
      examDescription: 'CT Brain',
      observedAt: new Date('2026-11-26T01:00:00Z'),
      reportedAt: new Date('2026-11-26T04:00:00Z'),
      resultStatus: 'F',
    },
    sections: oruSectionsOf({ impression: 'ปกติ' }),
    reader: { name: 'นพ. ก' },
  });

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe(HttpReportGatewayClient.name, () => {
  let sim: GatewaySimulator;
  let sut: HttpReportGatewayClient;
  const state = async (patch: Partial<GatewayState> & { reset?: boolean }) => {
    await fetch(`${sim.url}/__sim/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(patch),
    });
  };

  beforeAll(async () => {
    sim = await startGatewaySimulator({ port: 0, host: '127.0.0.1' });
    sut = new HttpReportGatewayClient(`${sim.url}/hl7/oru`, 300);
  });
  afterEach(async () => {
    await state({ reset: true });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('AA: delivered', async () => {
    expect(await sut.send(oru('ID1'), 'ID1')).toMatchObject({ delivered: true, code: 'AA', httpStatus: 200 });
  });

  it('AE: not delivered, not retried, the hospital text kept apart from our message', async () => {
    await state({ oruAck: 'AE', oruAckText: 'ผู้ป่วย T0001 ไม่มีในระบบ' });
    const reply = await sut.send(oru('ID2'), 'ID2');
    expect(reply).toMatchObject({
      delivered: false,
      code: 'AE',
      retryable: false,
      gatewayText: 'ผู้ป่วย T0001 ไม่มีในระบบ',
    });
    expect(reply.message).not.toContain('T0001');
  });

  it('AR (the simulator rejects what is not an ORU^R01): retried later', async () => {
    const adt = 'MSH|^~\\&|RANGSI|B1|HIS|H1|20261126120000+0700||ADT^A01|ID3|P|2.5\rPID|1||T0001\r';
    expect(await sut.send(adt, 'ID3')).toMatchObject({
      delivered: false,
      code: 'AR',
      retryable: true,
      gatewayText: 'MSH-9 is ADT^A01, expected ORU^R01',
    });
    const noObx = oru('ID4')
      .split('\r')
      .filter((s) => !s.startsWith('OBX'))
      .join('\r');
    expect(await sut.send(noObx, 'ID4')).toMatchObject({ code: 'AR', gatewayText: 'OBX segment missing' });
  });

  it('a slow gateway times out, a down one answers 503, a closed port is unreachable: all retried', async () => {
    // The answer would come after 1 s, the client gives up at 300 ms: only its timeout gives TIMEOUT rather than AA
    // (no stopwatch, which a loaded machine would fail).
    await state({ delayMs: 1000 });
    expect(await sut.send(oru('ID5'), 'ID5')).toMatchObject({ delivered: false, code: 'TIMEOUT', retryable: true });
    await state({ delayMs: 0, down: true });
    expect(await sut.send(oru('ID6'), 'ID6')).toMatchObject({ code: 'HTTP_ERROR', httpStatus: 503, retryable: true });
    const closed = await listen(() => undefined);
    await new Promise((r) => closed.server.close(r));
    expect(await new HttpReportGatewayClient(closed.url).send(oru('ID7'), 'ID7')).toMatchObject({
      code: 'UNREACHABLE',
      retryable: true,
    });
  });

  it('an ACK of another message, an answer that is no ACK, a 404 and a redirect are failures', async () => {
    expect(await sut.send(oru('ID8'), 'OTHER')).toMatchObject({ code: 'ACK_MISMATCH', delivered: false });
    const odd = await listen((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(307, { location: `${sim.url}/hl7/oru` }).end();
      } else {
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/html' }).end('<html>OK</html>');
      }
    });
    try {
      expect(await new HttpReportGatewayClient(`${odd.url}/ok`).send(oru('ID9'), 'ID9')).toMatchObject({
        code: 'NOT_AN_ACK',
        retryable: true,
      });
      expect(await new HttpReportGatewayClient(`${odd.url}/missing`).send(oru('ID9'), 'ID9')).toMatchObject({
        code: 'HTTP_ERROR',
        httpStatus: 404,
        retryable: false,
      });
      expect(await new HttpReportGatewayClient(`${odd.url}/redirect`).send(oru('ID9'), 'ID9')).toMatchObject({
        code: 'HTTP_ERROR',
        httpStatus: 307,
        retryable: false,
      });
    } finally {
      await new Promise((r) => odd.server.close(r));
    }
  });

  it('without a URL nothing is sent', async () => {
    const reply = await new HttpReportGatewayClient(undefined).send(oru('ID10'), 'ID10');
    expect(reply).toMatchObject({ delivered: false, code: 'NOT_CONFIGURED', retryable: false });
  });
});

describe('gateway simulator', () => {
  let sim: GatewaySimulator;
  beforeAll(async () => {
    sim = await startGatewaySimulator({
      port: 0,
      host: '127.0.0.1',
      initialState: { patients: { HN1: { hn: 'HN1' } } },
    });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('takes text/plain too, refuses other media types and non-HL7 bodies', async () => {
    const post = (type: string, body: string) =>
      fetch(`${sim.url}/hl7/oru`, { method: 'POST', headers: { 'content-type': type }, body });
    const plain = await post('text/plain; charset=utf-8', oru('P1'));
    expect(plain.status).toBe(200);
    expect(await plain.text()).toMatch(/^MSH\|\^~\\&\|HIS\|H1\|RANGSI\|B1\|.*\rMSA\|AA\|P1\r$/s);
    expect((await post('application/json', oru('P2'))).status).toBe(415);
    expect((await post('text/plain', '{"hello":1}')).status).toBe(400);
  });

  it('keeps its patient lookup and features as they were', async () => {
    expect(await (await fetch(`${sim.url}/features`)).text()).toBe('PATIENT_HN_IMPORT');
    expect(await (await fetch(`${sim.url}/api/patient/hn/HN1`)).json()).toMatchObject({
      success: true,
      data: { hn: 'HN1' },
    });
    expect(await (await fetch(`${sim.url}/api/patient/hn/NOPE`)).json()).toMatchObject({ success: false });
  });
});

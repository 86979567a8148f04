/** A small node:http server on 127.0.0.1 for a simulator: free port, request body, clean stop. */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIMULATOR_TRIGGERS } from './data';

export interface RunningSimulator {
  /** http://127.0.0.1:{port} */
  origin: string;
  stop: () => Promise<void>;
}

export type SimulatorHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

/** Request bodies are SOAP envelopes and JSON of a few hundred bytes; anything huge is refused. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function startSimulatorServer(name: string, handle: SimulatorHandler, port = 0): Promise<RunningSimulator> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { 'content-type': 'text/plain' }).end('Request entity too large');
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      Promise.resolve(handle(req, res, Buffer.concat(chunks).toString('utf8'))).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`${name} simulator failed: ${(err as Error).message}`);
      });
    });
  });
  // Hanging requests (SIMULATOR_TRIGGERS.hang) must not keep the server open past stop().
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** An answer a simulator has decided on, before it is sent (or, for a call that times out, not sent). */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}
/** Not answering: 'hang' leaves the request open (stop() or the caller's timeout ends it), 'drop' closes the connection. */
export type Silence = 'hang' | 'drop';

/** The misbehaviours every simulator shares (SIMULATOR_TRIGGERS hang and connectionDropped). */
export function silenceFor(facilityNumber: string): Silence | null {
  if (facilityNumber === SIMULATOR_TRIGGERS.hang) return 'hang';
  if (facilityNumber === SIMULATOR_TRIGGERS.connectionDropped) return 'drop';
  return null;
}

export function deliver(res: ServerResponse, answer: Answer | Silence): void {
  if (answer === 'hang') return;
  if (answer === 'drop') {
    res.socket?.destroy();
    return;
  }
  res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body);
}

/** The shared misbehaviours, sent; true when the request was handled here. */
export function misbehave(facilityNumber: string, res: ServerResponse): boolean {
  const silence = silenceFor(facilityNumber);
  if (silence) deliver(res, silence);
  return silence !== null;
}

export const jsonAnswer = (status: number, body: unknown): Answer => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}

/**
 * A request sent from a loopback address of the test's choosing (127.x.y.z; every 127/8 address is this
 * machine's). The local runtime takes the connection's address as the viewer's, as CloudFront does, so
 * this is how tests honestly have clients at different addresses.
 */
import { request as httpRequest } from 'node:http';

/** fetch's answer to `init`, sent over a connection from `localAddress`. */
export async function fetchFrom(localAddress: string, url: URL, init: RequestInit): Promise<Response> {
  // The standard Request encodes the body (JSON, form, multipart with its boundary) as fetch would.
  const sent = new Request(url, init);
  const body = Buffer.from(await sent.arrayBuffer());
  const headers = { ...Object.fromEntries(sent.headers), 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: sent.method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const content = Buffer.concat(chunks);
        resolve(new Response(content.length ? content : null, { status: res.statusCode ?? 0, headers: answer }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

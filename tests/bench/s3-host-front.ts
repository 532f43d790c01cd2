/**
 * Lets a client that only talks to Amazon S3's own host names (aws-amplify's `uploadData`)
 * reach the local storage, so it can be measured on the same file and link as the others:
 *  - a certificate made for this run for `<bucket>.s3.<region>.amazonaws.com`;
 *  - an HTTPS server holding it that forwards every request unchanged (Host included, so the
 *    signature holds and the storage server reads the bucket from the host name, as S3 does) to
 *    `target` — the fault proxy, so the link shaping, faults and request log apply. Each browser
 *    connection gets its own connection onward, so the per-connection link model still sees
 *    the browser's connections;
 *  - the Chromium flags that resolve that host name to this server and trust that one
 *    certificate (by its public key), nothing else.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as forward } from 'node:http';
import { createServer } from 'node:https';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startS3HostFront(target: string, bucket: string, region: string) {
  const host = `${bucket}.s3.${region}.amazonaws.com`;
  const dir = mkdtempSync(join(tmpdir(), 'caramel-s3-front-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

  const upstream = new URL(target);
  const agents = new WeakMap<Socket, Agent>();
  const agentFor = (socket: Socket) => {
    let agent = agents.get(socket);
    if (!agent) {
      const own = new Agent({ keepAlive: true, maxSockets: 1 });
      socket.once('close', () => own.destroy());
      agents.set(socket, own);
      agent = own;
    }
    return agent;
  };

  const server = createServer({ key, cert }, (req, res) => {
    const out = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: agentFor(req.socket),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // A connection the fault proxy cut is cut for the browser too.
    out.on('error', () => req.socket.destroy());
    req.on('aborted', () => out.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    host,
    chromiumArgs: [`--host-resolver-rules=MAP ${host} 127.0.0.1:${port}`, `--ignore-certificate-errors-spki-list=${spki}`],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

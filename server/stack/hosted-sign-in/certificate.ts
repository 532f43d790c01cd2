/**
 * The hosted sign-in's TLS certificate. Amplify v6 reaches a hosted sign-in domain over HTTPS
 * only, so the local stack makes, on its first start, a certificate authority of its own and a
 * certificate for 127.0.0.1 and localhost signed by it, and keeps both under
 * `<dataDir>/hosted-sign-in/`. A person trusts `ca.pem` once (docs/running-locally.md); the server certificate
 * is made again from the same authority when it is missing or near its end, so that trust holds.
 * The authority's key never leaves the data dir.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface SignInCertificate {
  key: string;
  cert: string;
  /** The authority to trust once (docs/running-locally.md, "Local hosted sign-in"). */
  caFile: string;
  /** Base64 SHA-256 of the server certificate's public key, for Chromium's --ignore-certificate-errors-spki-list. */
  spki: string;
}

const DAY_MS = 86_400_000;

function years(count: number): Date {
  return new Date(Date.now() + count * 365 * DAY_MS);
}

async function makeAuthority(dir: string) {
  const ca = await generate([{ name: 'commonName', value: 'Caramel local sign-in (development only)' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: years(10),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  writeFileSync(join(dir, 'ca-key.pem'), ca.private, { mode: 0o600 });
  writeFileSync(join(dir, 'ca.pem'), ca.cert);
}

async function makeServerCertificate(dir: string) {
  const server = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    // Browsers refuse server certificates valid for more than 398 days.
    notAfterDate: new Date(Date.now() + 397 * DAY_MS),
    ca: { key: readFileSync(join(dir, 'ca-key.pem'), 'utf8'), cert: readFileSync(join(dir, 'ca.pem'), 'utf8') },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  writeFileSync(join(dir, 'key.pem'), server.private, { mode: 0o600 });
  writeFileSync(join(dir, 'cert.pem'), server.cert);
}

function stillGood(file: string): boolean {
  if (!existsSync(file)) return false;
  return new Date(new X509Certificate(readFileSync(file)).validTo).getTime() - Date.now() > 30 * DAY_MS;
}

export async function signInCertificate(dataDir: string): Promise<SignInCertificate> {
  const dir = join(dataDir, 'hosted-sign-in');
  mkdirSync(dir, { recursive: true });
  const caFile = join(dir, 'ca.pem');
  const newAuthority = !existsSync(caFile) || !existsSync(join(dir, 'ca-key.pem'));
  if (newAuthority) await makeAuthority(dir);
  if (newAuthority || !stillGood(join(dir, 'cert.pem'))) await makeServerCertificate(dir);
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const spki = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert, caFile, spki };
}

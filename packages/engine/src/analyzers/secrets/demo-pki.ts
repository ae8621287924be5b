// A private key that sits beside a self-signed certificate (a server certificate signed by itself, or the root of a
// private CA made for the repository) belongs to a demo or development PKI: the quick-start TLS material every copy
// of the repository shares. No public CA vouches for it, so clients only trust it when told to; an installation that
// keeps it has no TLS privacy: a weakness to confirm (low), not a leaked production key. (On the real-world corpus the
// keys of quick-start and demo folders were triaged false, and one that every installation used by default debatable.)
import { X509Certificate } from 'node:crypto';
import { posix } from 'node:path';
import type { Grade } from './rules';

export const DEMO_PKI: Grade = {
  severity: 'low',
  note: 'A self-signed certificate sits in the same folder: this is demo or development TLS material that every copy of the repository shares. Replace it with a key generated for each installation.',
};

const CERT_FILE = /\.(crt|cert|cer|pem)$/i;
const PEM_CERT = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/g;

/** Whether any certificate in the text is self-signed (its issuer is its own subject and its own key verifies it). */
function holdsSelfSigned(text: string): boolean {
  for (const m of text.matchAll(PEM_CERT)) {
    try {
      const cert = new X509Certificate(m[0]);
      if (cert.issuer === cert.subject && cert.verify(cert.publicKey)) return true;
    } catch {
      // not a certificate Node can parse: it proves nothing
    }
  }
  return false;
}

/** folder -> whether it holds a self-signed certificate, judged once per folder. */
export function demoPkiFolders(files: readonly { path: string; text(): string }[]): (keyFile: string) => boolean {
  const byFolder = new Map<string, { path: string; text(): string }[]>();
  for (const f of files) {
    if (!CERT_FILE.test(f.path)) continue;
    const dir = posix.dirname(f.path);
    byFolder.set(dir, [...(byFolder.get(dir) ?? []), f]);
  }
  const judged = new Map<string, boolean>();
  return (keyFile) => {
    const dir = posix.dirname(keyFile);
    if (!judged.has(dir)) {
      judged.set(
        dir,
        (byFolder.get(dir) ?? []).some((f) => {
          try {
            return holdsSelfSigned(f.text());
          } catch {
            return false;
          }
        }),
      );
    }
    return judged.get(dir) as boolean;
  };
}

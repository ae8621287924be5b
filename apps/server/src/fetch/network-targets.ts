// SSRF guard: a host is refused when any address it resolves to is loopback, private, link-local, CGNAT,
// multicast/reserved or a cloud metadata address, unless the operator allows private targets (tests do).
// Checking a name is not enough on its own: a rebinding DNS server can answer a public address to us and a private
// one to the next lookup. So connections do not resolve again: `resolvePinnedAddress` picks the checked address
// the git clone (curl's resolve list, ssh's HostName) and the webhook request (their `lookup`) must connect to.
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { FetchErrors } from './fetch-error';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, includes 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, includes fd00:ec2::254 (AWS metadata over IPv6)
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64 can reach any IPv4 address
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True when the literal address must not be contacted. IPv4-mapped IPv6 is judged by its IPv4 part. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    if (/^::ffff:/i.test(address)) return true; // hex-form mapped addresses: refuse rather than decode
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** Resolves `host` (name or literal, IPv6 with or without brackets) and checks every address; refusals are FetchError 'target-refused'. */
export async function assertPublicHost(host: string, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw FetchErrors.targetRefused(`Host ${bare} could not be resolved`);
    }
    if (addresses.length === 0) throw FetchErrors.targetRefused(`Host ${bare} could not be resolved`);
  }
  if (!allowPrivate && addresses.some(isBlockedAddress)) {
    throw FetchErrors.targetRefused(`Host ${bare} resolves to a private or local network address, which is not allowed`);
  }
  return addresses;
}

/**
 * The one address a connection to `host` must use: the first checked address (the resolver's preferred order).
 * Null for IP literals, which involve no DNS and so need no pin.
 */
export async function resolvePinnedAddress(host: string, allowPrivate: boolean): Promise<string | null> {
  const addresses = await assertPublicHost(host, allowPrivate);
  if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) return null;
  return addresses[0]!;
}

import { BlockList, isIP } from "node:net";

/**
 * Whether an IP address is on the public internet, the only place the WordPress import fetches an old
 * site's files from: never this machine, a private or link-local network (169.254.169.254 is a cloud's
 * metadata service), carrier-grade NAT, multicast, broadcast or a reserved or documentation range.
 * IPv6 addresses that carry an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated, the deprecated
 * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002::/16) are judged by that IPv4 address;
 * any other IPv6 address must be global unicast (2000::/3) outside IANA's special-purpose blocks.
 */

const NOT_PUBLIC_IPV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  NOT_PUBLIC_IPV4.addSubnet(network, prefix, "ipv4");
}

const GLOBAL_UNICAST_IPV6 = new BlockList();
GLOBAL_UNICAST_IPV6.addSubnet("2000::", 3, "ipv6");

const SPECIAL_IPV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) {
  SPECIAL_IPV6.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of a valid IPv6 address (a zone such as %eth0 left out). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one stands for, if it is one of the forms that carry one. */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // ::a.b.c.d (compatible, including :: and ::1), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated)
  if (zeroTo(5) && (g5 === 0 || g5 === 0xffff)) return ipv4Of(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  // NAT64's well-known prefix 64:ff9b::/96
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  // 6to4: 2002:aabb:ccdd::/48
  if (g0 === 0x2002) return ipv4Of(g1 ?? 0, g2 ?? 0);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !NOT_PUBLIC_IPV4.check(address, "ipv4");
  if (version !== 6) return false;
  const groups = ipv6Groups(address);
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== null) return !NOT_PUBLIC_IPV4.check(ipv4, "ipv4");
  const canonical = groups.map((group) => group.toString(16)).join(":");
  return GLOBAL_UNICAST_IPV6.check(canonical, "ipv6") && !SPECIAL_IPV6.check(canonical, "ipv6");
}

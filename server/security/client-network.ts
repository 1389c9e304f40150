// The network a client's request comes from, as one key: an IPv4 address, or an IPv6 /64 (one household or
// one server usually holds a whole /64, so counting single IPv6 addresses would hand out allowances by the
// billion). The address is `request.ip`, as the trusted-proxy settings resolved it.
import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, `::` and an embedded IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const ipv4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (ipv4Tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail.split('.').map(Number);
    text = `${text.slice(0, -ipv4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * `203.0.113.7` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1:2::/64` for IPv6. Anything else (no address at
 * all, which a unix socket would give) is kept as it is, so it still counts as one network.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}

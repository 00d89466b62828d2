/** Mail providers whose addresses ignore dots in the local part and have a second domain name. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key every per-customer limit counts an e-mail address under (once-per-customer
 * promo codes, orders per address, withdrawal attempts): one mailbox, one key, however it is
 * spelt. Trimmed, Unicode-normalised (NFKC, so full-width look-alikes fold) and lower-cased; a
 * '+tag' after the local part dropped (plus addressing delivers to the same mailbox at most
 * providers); for Gmail, dots dropped and googlemail.com read as gmail.com. Two different
 * mailboxes can share a key only where a provider gives '+' no meaning, which costs at most a
 * shared limit, never access. Not for storing or sending: only for counting.
 */
export function customerEmailKey(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).split('+')[0]!;
  let domain = address.slice(at + 1).replace(/\.$/, '');
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

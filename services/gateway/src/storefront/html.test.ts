/** The first HTML's head and startup data: text from URLs and staff goes in literally, whatever it holds. */
import { injectEarlyForms, injectHead, injectStartup } from './html';

const TEMPLATE = '<!doctype html><html lang="de"><head><title>Shop</title></head><body><div id="root"></div></body></html>';
/** The replacement patterns String.replace would expand. */
const PATTERNS = ["$'", '$`', '$&', '$$', '$1', '$<name>'];
/** How text reads inside HTML (the patterns' '&' and '<' escaped). */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe.each(PATTERNS)('the pattern %s', (pattern) => {
  test('in a title, description, canonical URL and JSON-LD: each lands once, escaped, the template intact', () => {
    const html = injectHead(TEMPLATE, {
      title: `Seite ${pattern} Titel`,
      robots: 'index,follow',
      canonical: `https://shop.example.de/danke/abc${pattern}zz`,
      description: `Beschreibung ${pattern}`,
      structuredData: [{ '@type': 'WebPage', name: `Name ${pattern}` }],
    });
    expect(html.match(/<title>(.*?)<\/title>/)![1]).toBe(inHtml(`Seite ${pattern} Titel`));
    expect(html).toContain(
      `<link rel="canonical" href="${inHtml(`https://shop.example.de/danke/abc${pattern}zz`)}" data-shop-head="canonical">`,
    );
    expect(html).toContain(`content="${inHtml(`Beschreibung ${pattern}`)}"`);
    const jsonLd = /<script type="application\/ld\+json" data-shop-head="json-ld">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(jsonLd)).toEqual({ '@type': 'WebPage', name: `Name ${pattern}` });
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
  });

  test('in the boot data and a preload: both as given, one head', () => {
    const html = injectStartup(TEMPLATE, { remotes: { note: pattern }, shopConfig: { name: `Shop ${pattern}` } }, [
      { href: `/remotes/catalog/x${pattern}.js`, as: 'script' },
    ]);
    const boot = /<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(boot)).toEqual({ remotes: { note: pattern }, shopConfig: { name: `Shop ${pattern}` } });
    expect(html).toContain(`<link rel="preload" href="${inHtml(`/remotes/catalog/x${pattern}.js`)}" as="script">`);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  test('in a nonce: as given, after the title', () => {
    const html = injectEarlyForms(TEMPLATE, `n${pattern}`, false);
    expect(html).toContain(`<title>Shop</title><script nonce="${inHtml(`n${pattern}`)}">`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});

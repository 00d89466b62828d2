import { plainText, sanitizeRichText } from './index';

describe('the rich-text allowlist (blog posts and product descriptions)', () => {
  test.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="https://cdn.example/a.webp" onerror="alert(1)" alt="A">', '<img src="https://cdn.example/a.webp" alt="A" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<p style="position:fixed" onclick="steal()">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe><form><input></form>', ''],
    ['<img src="http://insecure.example/a.png">', '<img />'],
    ['<h1>Titel</h1>', '<h2>Titel</h2>'],
    ['<a href="https://example.org">x</a>', '<a href="https://example.org" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="/kontakt">x</a>', '<a href="/kontakt">x</a>'],
    // What a (compromised) manager account could put into a product description.
    ['<style>body{display:none}</style><p>Text</p>', '<p>Text</p>'],
    ['<form action="https://evil.example/login"><input name="pw"><button>Anmelden</button></form>', 'Anmelden'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<object data="x.swf"></object><embed src="x"><svg onload="alert(1)"></svg>', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">', ''],
    [
      '<p><a href="https://evil.example" target="_top">Jetzt neu anmelden</a></p>',
      '<p><a href="https://evil.example" target="_top" rel="noopener noreferrer nofollow">Jetzt neu anmelden</a></p>',
    ],
    ['<ul><li>Mesh-Coil</li></ul>', '<ul><li>Mesh-Coil</li></ul>'],
  ])('%s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  test('a caller may add tags; the rest of the allowlist stays', () => {
    expect(sanitizeRichText('<mark>[Firma]</mark><script>x</script>', ['mark'])).toBe('<mark>[Firma]</mark>');
    expect(sanitizeRichText('<mark>[Firma]</mark>')).toBe('[Firma]');
  });

  test('plain text drops every tag', () => {
    expect(plainText('<h2>Titel</h2><p>Ein <strong>Text</strong></p>')).toBe('TitelEin Text');
  });
});

import type { FastifyRequest } from 'fastify';
import { href } from '@shop/routes';

/**
 * The page a browser gets for an address the gateway cannot read at all (a broken `%` escape in a
 * shared link, service-kit's FRAMEWORK_ERRORS): the German reason and a way to the shop, where an
 * API client gets the JSON error. Only for page requests (not /api, a browser asking for HTML).
 * No shop layout: no route, remote or page can be chosen for an address that cannot be parsed.
 * The text is the fixed German message of the error, never the address sent.
 * @returns the page's HTML, or null for the JSON answer.
 */
export function addressErrorPage(request: FastifyRequest, answer: { message: string }): string | null {
  if (request.url.startsWith('/api') || !String(request.headers.accept ?? '').includes('text/html')) return null;
  return [
    '<!doctype html>',
    '<html lang="de">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex"><title>Ungültige Adresse</title></head>',
    '<body>',
    '<main>',
    '<h1>Diese Adresse ist ungültig</h1>',
    `<p>${answer.message} Vielleicht wurde der Link beim Kopieren abgeschnitten.</p>`,
    `<p><a href="${href('/')}">Zur Startseite</a> · <a href="${href('/randm-tornado-vape-alle-produkte')}">Alle Produkte</a></p>`,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}

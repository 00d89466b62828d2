/**
 * The shared cache's VCL (deploy/varnish/shop.vcl) run by Varnish's own `varnishtest` against
 * scripted backends (deploy/varnish/tests/*.vtc): pages kept per context and never per visitor,
 * cookies and private answers passed, tag purges soft and hard, the purge ACL, stale pages while
 * the gateway is down. And the VCL held to what the gateway assumes of it: the same cookies, the
 * same crawlers (isbot), the same grace. Needs Debian's `varnish` and `varnish-modules`
 * (`npm test` installs them as root).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GUEST_CART_COOKIE, SESSION_COOKIE, STOREFRONT_COOKIES } from '@shop/contracts';
import { crawlersVcl } from './lib/edge-crawlers';
import { CANARY_COOKIE } from '../services/gateway/src/releases/canary-visitors';
import { SHARED_CACHE_STALE } from '../services/gateway/src/edge/shared-page';
import { VARNISHD, XKEY_VMOD } from './lib/edge';

const run = promisify(execFile);
const VARNISH_DIR = path.join(__dirname, '..', 'deploy', 'varnish');
const vcl = readFileSync(path.join(VARNISH_DIR, 'shop.vcl'), 'utf8');

describe('the shared cache (Varnish VCL)', () => {
  it('passes its varnishtest cases', async () => {
    if (!existsSync(VARNISHD) || !existsSync(XKEY_VMOD))
      throw new Error('Varnish with xkey is missing: sudo apt-get install -y varnish varnish-modules');
    const cases = readdirSync(path.join(VARNISH_DIR, 'tests')).filter((file) => file.endsWith('.vtc'));
    expect(cases.length).toBeGreaterThanOrEqual(3);
    // varnishtest starts varnishd, which Debian puts in /usr/sbin.
    const { stdout } = await run('varnishtest', ['-j', '2', ...cases.map((file) => path.join(VARNISH_DIR, 'tests', file))], {
      env: { ...process.env, PATH: `${path.dirname(VARNISHD)}:${process.env.PATH ?? ''}` },
      timeout: 60_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`varnishtest failed:\n${(error.stdout ?? '').slice(-6000)}${error.stderr ?? ''}`);
    });
    for (const file of cases) expect(stdout).toContain(`${file} passed`);
  }, 60_000);

  /**
   * Compiles (`varnishd -C`) a deployment's VCL laid out as the deployment lays it out, its
   * gateway's name replaced by an address here (a name is resolved at compile time).
   */
  async function compiles(files: Record<string, string>): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'edge-vcl-'));
    try {
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), content.replace('.host = "gateway"', '.host = "127.0.0.1"'));
      }
      const { stdout, stderr } = await run(
        VARNISHD,
        [
          ...(process.getuid?.() === 0 ? ['-j', 'none'] : []),
          '-C',
          '-n',
          path.join(dir, 'work'),
          '-p',
          `vcl_path=${dir}`,
          '-f',
          path.join(dir, 'default.vcl'),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      return stdout + stderr;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const repoFile = (...parts: string[]) => readFileSync(path.join(__dirname, '..', ...parts), 'utf8');
  const rules = { 'shop.vcl': vcl, 'crawlers.vcl': repoFile('deploy', 'varnish', 'crawlers.vcl') };

  it("docker-compose's and Kubernetes' VCL compile with the shop's rules", async () => {
    // The C code varnishd made of each, with the shop's rules (the xkey purges) in.
    const compose = await compiles({
      'default.vcl': repoFile('docker', 'edge.vcl'),
      ...Object.fromEntries(Object.entries(rules).map(([name, text]) => [`shop/${name}`, text])),
    });
    expect(compose).toContain('xkey_softpurge');
    const kubernetes = await compiles({
      'default.vcl': repoFile('deploy', 'k8s', 'edge', 'default.vcl'),
      'purgers.vcl': repoFile('deploy', 'k8s', 'overlays', 'production', 'edge-purgers.vcl'),
      ...rules,
    });
    expect(kubernetes).toContain('xkey_softpurge');
  });

  it('knows crawlers as the gateway does (isbot)', () => {
    expect(readFileSync(path.join(VARNISH_DIR, 'crawlers.vcl'), 'utf8')).toBe(crawlersVcl());
  });

  it('reads the cookies the shop sets, by their names in the contracts', () => {
    for (const name of [
      STOREFRONT_COOKIES.ageVerified,
      STOREFRONT_COOKIES.cookieConsent,
      STOREFRONT_COOKIES.ageDenied,
      STOREFRONT_COOKIES.cookieBannerClosed,
      STOREFRONT_COOKIES.flash,
      SESSION_COOKIE,
      GUEST_CART_COOKIE,
      CANARY_COOKIE,
    ])
      expect(vcl).toContain(`"${name}"`);
  });

  it("gives a healthy gateway the pages' stale-while-revalidate as grace", () => {
    expect(vcl).toContain(`set req.grace = ${SHARED_CACHE_STALE.staleWhileRevalidateS}s;`);
  });
});
